import { beforeAll, describe, expect, it } from "vitest";
import { mnemonicToAccount } from "viem/accounts";
import {
  DEV_MNEMONIC,
  devClient,
  devWallet,
  sendTestFunds,
  TEST_TOKEN_ABI,
  TEST_TOKEN_ADDRESSES,
} from "@/chain/dev-chain";
import { withdrawals } from "@/db/schema";
import { runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { post } from "@/lib/ledger/post";
import { insertUser } from "@/lib/auth/register";
import { sendWithdrawal } from "@/lib/funding/decide-withdrawal";
import { createWallet } from "@/lib/funding/wallets";
import { placeWithdrawal } from "@/lib/funding/withdrawals";
import { withChainEnv, withChainNode } from "../support/chain";
import { withTestDatabase } from "../support/db";
import { walletInput } from "../support/funding";
import { fund } from "../support/ledger";
import { registerUser } from "../support/users";

/**
 * Marking a withdrawal sent on a followed chain: the transaction must exist, have succeeded, and pay
 * exactly the withdrawal's amount of its asset to its address from the custody address (the wallet's).
 */
const db = withTestDatabase();
const node = withChainNode();
withChainEnv(() => node().env);

const custody = mnemonicToAccount(DEV_MNEMONIC).address;
const payee = "0x00000000000000000000000000000000000a11ce";
let actor: { id: string; ip: string | null };

beforeAll(async () => {
  const username = `admin_${Date.now()}`;
  actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: null,
  };
  for (const [currency, network] of [
    ["USDT", "ERC20"],
    ["ETH", "ETH"],
  ] as const) {
    await createWallet(
      db(),
      walletInput({
        currency,
        network,
        address: custody,
        minDeposit: "1",
        withdrawFee: currency === "ETH" ? "0.001" : "1.5",
        minWithdraw: "0.01",
      }) as Parameters<typeof createWallet>[1],
      actor,
    );
  }
});

async function pendingWithdrawal(currency: "USDT" | "ETH", amount: bigint, decimals: number) {
  const { user } = await registerUser();
  const fee = currency === "ETH" ? 100_000n : 1_500_000n;
  if (currency === "USDT") {
    await fund(db(), user.id, currency, amount * 2n);
    return runTransaction(db(), (tx) =>
      placeWithdrawal(tx, user.id, {
        currency,
        decimals,
        network: "ERC20",
        address: payee,
        amount,
        fee,
        twoFactorCode: undefined,
      }),
    );
  }
  // Ether has no price for the daily limit, so a user cannot request it: the row an exempted request would leave.
  await post(db(), {
    kind: "adjustment",
    legs: [
      { account: { userId: user.id, asset: "ETH", kind: "hold" }, amount: amount + fee },
      { account: { system: "adjustments", asset: "ETH" }, amount: -(amount + fee) },
    ],
  });
  const [row] = await db()
    .insert(withdrawals)
    .values({ id: newId(), userId: user.id, currency, network: "ETH", address: payee, amount, fee })
    .returning();
  return row!;
}

const markSent = (id: string, txHash: string) =>
  runTransaction(db(), (tx) => sendWithdrawal(tx, id, { txHash }, actor)).then(
    () => null,
    (err: unknown) => err as { status: number; code: string; message: string },
  );

describe("a withdrawal marked sent on a followed chain", () => {
  it("is refused for a transaction paying the wrong amount, address or token, from elsewhere, or failed, saying what does not match", async () => {
    const w = await pendingWithdrawal("USDT", 123_456_789n, 6);
    const wrongAmount = await sendTestFunds(node().rpcUrl, payee, "123.456788", "USDT");
    expect(await markSent(w.id, wrongAmount)).toMatchObject({
      status: 422,
      code: "TX_DOES_NOT_MATCH",
      message: expect.stringMatching(/123456788 token units, not the 123456789/),
    });
    const wrongAddress = await sendTestFunds(
      node().rpcUrl,
      "0x00000000000000000000000000000000000b0b00",
      "123.456789",
      "USDT",
    );
    expect(await markSent(w.id, wrongAddress)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/not the withdrawal's/),
    });
    const wrongToken = await sendTestFunds(node().rpcUrl, payee, "123.456789", "USDC");
    expect(await markSent(w.id, wrongToken)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/moves no USDT/),
    });
    // Account 1 is funded with tokens by account 0 first, then pays from outside custody.
    await sendTestFunds(node().rpcUrl, mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 }).address, "500", "USDT");
    const notCustody = await sendTestFunds(node().rpcUrl, payee, "123.456789", "USDT", 1);
    expect(await markSent(w.id, notCustody)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/no custody address/),
    });
    // More than the supply: the transfer reverts, and is mined as failed.
    const failed = await devWallet(node().rpcUrl).writeContract({
      address: TEST_TOKEN_ADDRESSES.USDT,
      abi: TEST_TOKEN_ABI,
      functionName: "transfer",
      args: [payee, 10n ** 30n],
      gas: 100_000n,
    });
    await devClient(node().rpcUrl).waitForTransactionReceipt({ hash: failed });
    expect(await markSent(w.id, failed)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/failed on chain/),
    });
    expect(await markSent(w.id, `0x${"ab".repeat(32)}`)).toMatchObject({
      status: 422,
      message: expect.stringMatching(/is not on Ethereum/),
    });
  });

  it("is accepted for the transaction that pays it exactly, tokens and ether alike", async () => {
    const usdt = await pendingWithdrawal("USDT", 50_000_001n, 6);
    expect(await markSent(usdt.id, await sendTestFunds(node().rpcUrl, payee, "50.000001", "USDT"))).toBeNull();
    const eth = await pendingWithdrawal("ETH", 12_345_678n, 8);
    expect(await markSent(eth.id, await sendTestFunds(node().rpcUrl, payee, "0.12345677", "ETH"))).toMatchObject({
      status: 422,
      message: expect.stringMatching(/wei, not the 123456780000000000/),
    });
    expect(await markSent(eth.id, await sendTestFunds(node().rpcUrl, payee, "0.12345678", "ETH"))).toBeNull();
  });
});
