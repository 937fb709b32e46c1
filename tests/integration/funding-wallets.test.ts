import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLogs, wallets } from "@/db/schema";
import { insertUser } from "@/lib/auth/register";
import { walletView } from "@/lib/funding/views";
import { availableNetworks, createWallet, decimalsByAsset, openWallet, updateWallet } from "@/lib/funding/wallets";
import { withTestDatabase } from "../support/db";
import { ADDRESSES, walletInput } from "../support/funding";
import { uniqueName } from "../support/users";

/**
 * The wallets administrators set up, through lib/funding/wallets directly (the routes' two-admin
 * approval is tested in approvals.test.ts): each refusal's sentence and field, the audit of a
 * creation and a change, and what users are offered of them.
 */
const db = withTestDatabase();
let actor: { id: string; ip: string };
const ADMIN_IP = "198.51.100.23";

beforeAll(async () => {
  const username = uniqueName("admin");
  actor = {
    id: (
      await insertUser(db(), { username, email: `${username}@aurum.local`, password: "admin-password", role: "admin" })
    ).id,
    ip: ADMIN_IP,
  };
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as { status: number; code: string; message: string; errors?: unknown },
  );
const create = (overrides: Record<string, unknown> = {}) =>
  createWallet(db(), walletInput(overrides) as Parameters<typeof createWallet>[1], actor);
const auditOf = async (action: string, targetId: string) =>
  db()
    .select({
      actorId: auditLogs.actorId,
      targetType: auditLogs.targetType,
      detail: auditLogs.detail,
      ip: auditLogs.ip,
    })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)));

describe("a wallet set up wrong", () => {
  it("is refused naming the field at fault, and nothing is written", async () => {
    expect(await refusal(create({ currency: "BTC", network: "TRC20" }))).toMatchObject({
      status: 400,
      code: "UNSUPPORTED_NETWORK",
      message: "BTC is not offered on TRC20",
      errors: { network: ["BTC is not offered on TRC20"] },
    });
    expect(await refusal(create({ address: ADDRESSES.ERC20 }))).toMatchObject({
      status: 400,
      code: "INVALID_ADDRESS",
      message: "That is not a valid Tron (TRC20) address",
      errors: { address: ["Not a valid address for this network (check every character)"] },
    });
    for (const field of ["minDeposit", "withdrawFee", "minWithdraw"]) {
      const refused = await refusal(create({ [field]: "0.0000001" }));
      expect(refused, field).toMatchObject({
        status: 400,
        code: "VALIDATION_FAILED",
        errors: { [field]: [refused!.message] },
      });
      expect(refused!.message, field).toMatch(/USDT/);
    }
    expect(await db().select().from(wallets)).toEqual([]);
  });
});

describe("a wallet", () => {
  let id: string;

  it("created is stored as given, an empty memo as none, and audited whole with its actor and address", async () => {
    const row = await create({ memo: "", minDeposit: "10.5", withdrawFee: "1.25", minWithdraw: "20" });
    id = row.id;
    expect(row).toMatchObject({
      currency: "USDT",
      network: "TRC20",
      address: ADDRESSES.TRC20,
      memo: null,
      minDeposit: 10_500_000n,
      withdrawFee: 1_250_000n,
      minWithdraw: 20_000_000n,
      depositEnabled: true,
      withdrawEnabled: true,
    });
    const view = walletView(row, 6);
    expect(view).toEqual({
      id,
      currency: "USDT",
      network: "TRC20",
      networkName: "Tron (TRC20)",
      address: ADDRESSES.TRC20,
      memo: null,
      minDeposit: "10.500000",
      withdrawFee: "1.250000",
      minWithdraw: "20.000000",
      depositEnabled: true,
      withdrawEnabled: true,
      updatedAt: row.updatedAt.toISOString(),
    });
    expect(await auditOf("wallet.create", id)).toEqual([
      { actorId: actor.id, targetType: "wallet", ip: ADMIN_IP, detail: { after: view } },
    ]);
    expect(await refusal(create())).toMatchObject({
      status: 409,
      code: "WALLET_EXISTS",
      message: "There is already a USDT wallet on TRC20: edit it instead",
    });
  });

  it("changed is audited before and after; its pair is fixed, and an unknown one is not found", async () => {
    const before = (await db().select().from(wallets).where(eq(wallets.id, id)))[0]!;
    const after = await updateWallet(
      db(),
      id,
      walletInput({ memo: "tag 7", withdrawFee: "2", depositEnabled: false }) as Parameters<typeof updateWallet>[2],
      actor,
    );
    expect(after).toMatchObject({ memo: "tag 7", withdrawFee: 2_000_000n, depositEnabled: false });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await auditOf("wallet.update", id)).toEqual([
      {
        actorId: actor.id,
        targetType: "wallet",
        ip: ADMIN_IP,
        detail: { before: walletView(before, 6), after: walletView(after, 6) },
      },
    ]);

    expect(
      await refusal(
        updateWallet(
          db(),
          id,
          walletInput({ network: "ERC20", address: ADDRESSES.ERC20 }) as Parameters<typeof updateWallet>[2],
          actor,
        ),
      ),
    ).toMatchObject({
      status: 400,
      code: "WALLET_PAIR_FIXED",
      message: "A wallet's currency and network cannot change: create another wallet",
    });
    expect(
      await refusal(
        updateWallet(
          db(),
          "00000000-0000-4000-8000-000000000000",
          walletInput() as Parameters<typeof updateWallet>[2],
          actor,
        ),
      ),
    ).toMatchObject({ status: 404, message: "Wallet not found" });
  });
});

describe("what users are offered", () => {
  beforeAll(async () => {
    // USDT on TRC20 (from above) now takes withdrawals only; BTC deposits only; USDC neither.
    await create({
      currency: "BTC",
      network: "BTC",
      address: ADDRESSES.BTC,
      minDeposit: "0.0005",
      withdrawFee: "0.0001",
      minWithdraw: "0.001",
      withdrawEnabled: false,
    });
    await create({
      currency: "USDC",
      network: "ERC20",
      address: ADDRESSES.ERC20,
      depositEnabled: false,
      withdrawEnabled: false,
    });
  });

  it("is each currency's networks open one way or both, the closed direction shown as none", async () => {
    expect(await availableNetworks(db())).toEqual([
      {
        currency: "USDT",
        networks: [
          {
            network: "TRC20",
            networkName: "Tron (TRC20)",
            deposit: null,
            withdraw: { fee: "2.000000", minWithdraw: "10.000000" },
          },
        ],
      },
      {
        currency: "BTC",
        networks: [
          {
            network: "BTC",
            networkName: "Bitcoin",
            deposit: { address: ADDRESSES.BTC, memo: null, minDeposit: "0.00050000" },
            withdraw: null,
          },
        ],
      },
    ]);
  });

  it("is refused, direction by direction, with a sentence saying what is not available", async () => {
    expect((await openWallet(db(), "usdt", "TRC20", "withdraw")).currency).toBe("USDT");
    expect(await refusal(openWallet(db(), "usdt", "TRC20", "deposit"))).toMatchObject({
      status: 422,
      code: "NETWORK_DISABLED",
      message: "Deposits of USDT on TRC20 are not available at the moment",
    });
    expect(await refusal(openWallet(db(), "BTC", "BTC", "withdraw"))).toMatchObject({
      status: 422,
      code: "NETWORK_DISABLED",
      message: "Withdrawals of BTC on BTC are not available at the moment",
    });
    expect(await refusal(openWallet(db(), "USDT", "BEP20", "deposit"))).toMatchObject({
      code: "NETWORK_DISABLED",
      message: "Deposits of USDT on BEP20 are not available at the moment",
    });
    expect(await refusal(openWallet(db(), "xaut", "TRC20", "deposit"))).toMatchObject({
      status: 400,
      code: "UNSUPPORTED_NETWORK",
      message: "XAUt is not offered on TRC20",
      errors: { network: ["XAUt is not offered on TRC20"] },
    });
    expect(await refusal(openWallet(db(), "doge", "TRC20", "deposit"))).toMatchObject({
      status: 400,
      code: "UNKNOWN_CURRENCY",
      message: "Unknown currency doge",
      errors: { currency: ["Unknown currency doge"] },
    });
  });

  it("shows amounts at each asset's decimals, and an asset missing from the table is an error, not a guess", async () => {
    const decimalsOf = await decimalsByAsset(db());
    expect([decimalsOf("USDT"), decimalsOf("BTC")]).toEqual([6, 8]);
    expect(() => decimalsOf("DOGE")).toThrow("Unknown asset DOGE: it is not in the assets table");
  });
});
