import { eq } from "drizzle-orm";
import { GET as listWalletsRoute, POST as createWalletRoute } from "@/app/api/admin/wallets/route";
import { POST as depositRoute } from "@/app/api/deposits/route";
import { POST as setWithdrawPasswordRoute } from "@/app/api/user/withdraw-password/route";
import { getDb, type Db } from "@/db/client";
import { accounts, entries, journals, users } from "@/db/schema";
import { approvedBySecondAdmin } from "./admin";
import { call, type CallResult } from "./http";

/** Valid addresses, checksums included, for each network (public, well-known ones). */
export const ADDRESSES = {
  TRC20: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  ERC20: "0x52908400098527886E0F7030069857D2E4169EE7",
  BEP20: "0xde709f2102306220921060314715629080e2fb77",
  BTC: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ETH: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
} as const;

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
  "hex",
);

export const txHash = (network: string) => {
  const hex = Array.from({ length: 64 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");
  return network === "TRC20" || network === "BTC" ? hex : `0x${hex}`;
};

export const walletInput = (overrides: Record<string, unknown> = {}) => ({
  currency: "USDT",
  network: "TRC20",
  address: ADDRESSES.TRC20,
  memo: null,
  minDeposit: "10",
  withdrawFee: "1",
  minWithdraw: "10",
  depositEnabled: true,
  withdrawEnabled: true,
  ...overrides,
});

/**
 * Adds a wallet as two administrators do: `adminToken`'s proposal, approved by a second one. Answers
 * as the direct creation would (201 with the wallet), or the refusal of either step.
 */
export async function createWallet(adminToken: string, overrides: Record<string, unknown> = {}) {
  const proposed = await call(createWalletRoute, { token: adminToken, body: walletInput(overrides) });
  if (proposed.status !== 202) return proposed;
  const approved = await approvedBySecondAdmin(await getDb(), proposed);
  if (approved.status !== 200) return approved;
  const { walletId } = (approved.body.proposal as { result: { walletId: string } }).result;
  const listed = await call(listWalletsRoute, { token: adminToken });
  const wallet = (listed.body.wallets as { id: string }[]).find((w) => w.id === walletId);
  return { ...approved, status: 201, body: { success: true, wallet } as CallResult["body"] };
}

/** Submits a deposit as the browser's form does (multipart), through the route handler. */
export async function submitDeposit(
  token: string,
  fields: Record<string, string>,
  proof: { bytes: Buffer; name?: string; type?: string } | null = { bytes: PNG },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (proof)
    form.set(
      "proof",
      new File([new Uint8Array(proof.bytes)], proof.name ?? "proof.png", { type: proof.type ?? "image/png" }),
    );
  const req = new Request("http://localhost/api/deposits", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "x-aurum-client-ip": "127.0.0.1" },
  });
  const res = await depositRoute(req, { params: Promise.resolve({}) });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { success: boolean; code?: string; message?: string },
  };
}

/** Sets a user's withdrawal password and lifts the 24-hour pause, as if a day had passed. */
export async function readyToWithdraw(
  db: Db,
  token: string,
  userId: string,
  password = "correct-horse",
  withdrawPassword = "vault-key-1",
) {
  const res = await call(setWithdrawPasswordRoute, {
    token,
    body: { password, newWithdrawPassword: withdrawPassword },
  });
  if (res.status !== 200) throw new Error(`withdraw password: ${res.status} ${JSON.stringify(res.body)}`);
  await db
    .update(users)
    .set({ withdrawHoldUntil: new Date(Date.now() - 1000) })
    .where(eq(users.id, userId));
  return withdrawPassword;
}

/** The legs of the journals of one withdrawal or deposit (by reference), each naming the account it hit: "user spot", "user hold", or a system account ("fees", "external"). */
export async function legsOf(db: Db, reference: string) {
  const rows = await db
    .select({
      memo: journals.memo,
      owner: accounts.userId,
      kind: accounts.kind,
      asset: accounts.asset,
      amount: entries.amount,
    })
    .from(entries)
    .innerJoin(journals, eq(journals.id, entries.journalId))
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .where(eq(journals.reference, reference));
  return rows.map((r) => ({
    memo: r.memo,
    account: r.owner === null ? r.kind : `user ${r.kind}`,
    asset: r.asset,
    amount: r.amount,
  }));
}
