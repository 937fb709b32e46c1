import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mnemonicToAccount } from "viem/accounts";
import { GET as addressRoute } from "@/app/api/deposits/address/route";
import { depositAddressAnswer } from "@/lib/funding/answers";
import { DEV_MNEMONIC, TEST_TOKEN_ADDRESSES, xpubOf } from "@/chain/dev-chain";
import { depositAddresses } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { createWallet } from "@/lib/funding/wallets";
import { withChainEnv } from "../support/chain";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, walletInput } from "../support/funding";
import { call } from "../support/http";
import { registerUser, uniqueName } from "../support/users";

/**
 * A user's own deposit address on the EVM networks whose chain is configured: derived from the
 * xpub at an index given once, the proof flow unchanged elsewhere. No node is needed: nothing here
 * reads the chain.
 */
const db = withTestDatabase();
withChainEnv(() => ({
  CHAIN_ETHEREUM_RPC_URL: "http://127.0.0.1:9/",
  CHAIN_ETHEREUM_CHAIN_ID: "31337",
  CHAIN_ETHEREUM_CONFIRMATIONS: "7",
  CHAIN_ETHEREUM_TOKEN_USDT: TEST_TOKEN_ADDRESSES.USDT,
  DEPOSIT_XPUB: xpubOf(DEV_MNEMONIC),
}));

const ask = (token: string, query: string) => call(addressRoute, { token, path: `/api/deposits/address?${query}` });

beforeAll(async () => {
  const username = uniqueName("admin");
  const actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: null,
  };
  for (const [currency, network] of [
    ["USDT", "ERC20"],
    ["USDT", "TRC20"],
    ["USDC", "ERC20"],
    ["ETH", "ETH"],
  ] as const) {
    await createWallet(
      db(),
      walletInput({ currency, network, address: ADDRESSES[network], minDeposit: "10.5" }) as Parameters<
        typeof createWallet
      >[1],
      actor,
    );
  }
});

describe("GET /api/deposits/address", () => {
  it("gives a user their own address on a followed network, the same every time, that the key holder's wallet derives", async () => {
    const { token } = await registerUser();
    const first = await ask(token, "currency=usdt&network=ERC20");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      mode: "chain",
      network: "ERC20",
      currency: "USDT",
      confirmations: 7,
      minDeposit: "10.500000",
      memo: null,
    });
    // As the OpenAPI document describes it, with no field it leaves out.
    expect(depositAddressAnswer.parse(first.body)).toStrictEqual(first.body);
    expect((await ask(token, "currency=USDT&network=ERC20")).body.address).toBe(first.body.address);
    const [row] = await db()
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.address, (first.body.address as string).toLowerCase()));
    // The operator's offline wallet: account 1', child index as stored.
    expect(mnemonicToAccount(DEV_MNEMONIC, { accountIndex: 1, addressIndex: row!.derivationIndex }).address).toBe(
      first.body.address,
    );
    expect(first.body.address).not.toBe(ADDRESSES.ERC20);
  });

  it("keeps the proof flow (the shared wallet) where the network or the asset is not followed", async () => {
    const { token } = await registerUser();
    expect((await ask(token, "currency=USDT&network=TRC20")).body).toMatchObject({
      mode: "proof",
      address: ADDRESSES.TRC20,
      confirmations: null,
    });
    // Ethereum is followed, but no USDC contract is configured.
    expect((await ask(token, "currency=USDC&network=ERC20")).body).toMatchObject({
      mode: "proof",
      address: ADDRESSES.ERC20,
    });
    // Ether itself needs no contract.
    expect((await ask(token, "currency=ETH&network=ETH")).body).toMatchObject({ mode: "chain", confirmations: 7 });
  });

  it("refuses what is not a pair on offer with a 4xx naming it", async () => {
    const { token } = await registerUser();
    expect((await ask(token, "currency=USDT")).status).toBe(400);
    expect((await ask(token, "currency=USDT&network=SOL")).body).toMatchObject({
      success: false,
      code: "VALIDATION_FAILED",
    });
    expect((await ask(token, "currency=XAUT&network=ERC20")).status).toBe(422);
    expect((await ask(token, "currency=BTC&network=ERC20")).body).toMatchObject({ code: "UNSUPPORTED_NETWORK" });
    expect((await call(addressRoute, { path: "/api/deposits/address?currency=USDT&network=ERC20" })).status).toBe(401);
  });

  it("gives 50 users visiting at once 50 distinct indexes and addresses, and one user visiting 50 times at once one", async () => {
    const users = await Promise.all(Array.from({ length: 50 }, () => registerUser()));
    const many = await Promise.all(users.map((u) => ask(u.token, "currency=USDT&network=ERC20")));
    expect(many.map((r) => r.status)).toEqual(users.map(() => 200));
    expect(new Set(many.map((r) => r.body.address)).size).toBe(50);
    const [one] = await Promise.all([registerUser()]);
    const same = await Promise.all(Array.from({ length: 50 }, () => ask(one!.token, "currency=USDT&network=ERC20")));
    expect(new Set(same.map((r) => r.body.address)).size).toBe(1);
    const rows = await db().select().from(depositAddresses);
    expect(new Set(rows.map((r) => r.derivationIndex)).size).toBe(rows.length);
  });
});
