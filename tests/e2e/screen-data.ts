import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { adminToken, apiRegister, approveAsChecker, credit, ensureSavingPlan, ensureUsdtWallet } from "./helpers";

/** A user whose screens have something on each: large balances, a trade, open and pending things, a withdrawal lock-out. */
export async function userWithData(request: APIRequestContext) {
  await ensureUsdtWallet(request);
  const planId = await ensureSavingPlan(request);
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "25000");
  await credit(request, user.username, "1.5", "XAUT");
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const ok = async (res: Promise<APIResponse>, status: number) => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return r;
  };
  await ok(request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "1.25" } }), 201);
  await ok(
    request.post("/api/trades", { headers, data: { side: "buy", type: "limit", quantity: "0.5", price: "2000" } }),
    201,
  );
  expect(
    (
      await request.post("/api/storage/store", {
        headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") },
        data: { amount: "1.2" },
      })
    ).ok(),
  ).toBe(true);
  await ok(
    request.post("/api/savings/user/create", {
      headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") },
      data: { planId, amount: "1500" },
    }),
    201,
  );
  const strategy = { type: "recurring", amount: "1250", period: "daily", maxRounds: 2, acceptRisk: true };
  await ok(
    request.post("/api/strategies", {
      headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") },
      data: strategy,
    }),
    201,
  );
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
    "hex",
  );
  const deposit = (amount: string) =>
    ok(
      request.post("/api/deposits", {
        headers,
        multipart: {
          currency: "USDT",
          network: "TRC20",
          amount,
          txHash: randomBytes(32).toString("hex"),
          proof: { name: "proof.png", mimeType: "image/png", buffer: png },
        },
      }),
      201,
    );
  const approved = (await (await deposit("1500")).json()).deposit.id as string;
  // The same administrator's deposits and credits for one user add up: past the threshold the checker approves.
  const decided = await request.post(`/api/admin/deposits/${approved}/approve`, { headers: admin, data: {} });
  if (decided.status() === 202) expect(await approveAsChecker(request, decided)).toBe(200);
  else expect(decided.status(), await decided.text()).toBe(200);
  await ok(
    request.post("/api/user/withdraw-password", {
      headers,
      data: { password: user.password, newWithdrawPassword: "vault-key-1" },
    }),
    200,
  );
  await ok(
    request.post("/api/withdrawals", {
      headers,
      data: {
        currency: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: "1200",
        withdrawPassword: "vault-key-1",
      },
    }),
    201,
  );
  // Five wrong withdrawal passwords lock withdrawals for 15 minutes: /withdraw counts down to the end.
  for (let i = 0; i < 5; i++)
    await request.post("/api/withdrawals", {
      headers,
      data: {
        currency: "USDT",
        network: "TRC20",
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: "10",
        withdrawPassword: "wrong-key",
      },
    });
  await ok(
    request.post("/api/admin/notifications", {
      headers: admin,
      data: { title: "Vault report", message: "All 1,000 bars counted.", userId },
    }),
    201,
  );
  // A conversation with support: the user's question about the pending deposit, a reply and an internal note.
  const pending = (await (await deposit("2500")).json()).deposit.id as string;
  const opened = await ok(
    request.post("/api/support/conversations", {
      headers,
      data: {
        subject: "Deposit of 2,500 USDT",
        message: "When will my deposit of 2,500.00 USDT be credited?",
        relatedId: pending,
      },
    }),
    201,
  );
  const conversationId = (await opened.json()).conversation.id as string;
  await ok(
    request.post(`/api/admin/support/${conversationId}/messages`, {
      headers: admin,
      data: { message: "Proof checked, the transfer has 12 confirmations.", internal: true },
    }),
    201,
  );
  await ok(
    request.post(`/api/admin/support/${conversationId}/messages`, {
      headers: admin,
      data: { message: "It is being checked; credits usually land within the hour.", firstName: "Maria" },
    }),
    201,
  );
  return { ...user, userId, planId, conversationId };
}

/** Made once per run and shared by the screen sweeps (helpers' sharedOnce): it stays within the per-address limits on deposits. */
export type ScreenData = Awaited<ReturnType<typeof userWithData>>;
