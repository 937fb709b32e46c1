import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminToken, apiRegister, credit, ensureSavingPlan, ensureUsdtWallet, sharedOnce, signIn } from "./helpers";

// Issue 23, item 4: numbers and times read one way on every screen, the admin's included, at a
// phone's and a desktop's size, with data on them that has big amounts, times and waits.
const USER_SCREENS = ["/", "/market", "/trade", "/records", "/record", "/notifications", "/profile", "/deposit", "/deposit/address/USDT", "/deposit/proof/USDT/TRC20", "/withdraw", "/withdraw/form/USDT", "/storage", "/saving/{planId}", "/personal-info", "/security-management", "/invite-friends", "/ai-trading"];
const ADMIN_SCREENS = ["/admin", "/admin/users", "/admin/users/{userId}", "/admin/setting", "/admin/create-notifications", "/admin/wallets", "/admin/deposits", "/admin/withdrawals", "/admin/approvals", "/admin/saving-plans", "/admin/outbox", "/admin/proof"];
const PUBLIC_SCREENS = ["/proof-of-reserves", "/advantages-of-ai-trading", "/store-xaut", "/whitepaper"];
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * What a person must never read. An ISO timestamp is unambiguous. "An ungrouped amount" is not, on a
 * page that also shows years ("24 Nov 2026"), phone numbers, ids, hashes and addresses, so an amount
 * is what reads as one: four or more integer digits with decimals ("5000.000000"), or followed by an
 * asset's name ("5000 USDT"). Digits inside a word, a hash or an address (letters, "/", "#", "-",
 * ":" or "." around them) are not amounts. Asset codes in text must be the product's spelling
 * ("XAUt"); "XAUT" is the API's code, not a word.
 */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UNGROUPED = /(?<![\w,.:/#-])\d{4,}(?:\.\d+(?![\d,])|(?=\s*(?:USDT|USDC|XAUt|XAUT|BTC|ETH)\b))/;
// Not \b: in the page's text an amount's asset follows its digits with no space ("0.05XAUT").
const CODE_AS_WORD = /(?<![A-Za-z])XAUT(?![A-Za-z])/;

/** A user whose screens have something on each: large balances, a trade, open and pending things, a withdrawal lock-out. */
async function userWithData(request: APIRequestContext) {
  await ensureUsdtWallet(request);
  const planId = await ensureSavingPlan(request);
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "25000");
  await credit(request, user.username, "1.5", "XAUT");
  const login = await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const ok = async (res: Promise<APIResponse>, status: number) => {
    const r = await res;
    expect(r.status(), await r.text()).toBe(status);
    return r;
  };
  await ok(request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "1.25" } }), 201);
  await ok(request.post("/api/trades", { headers, data: { side: "buy", type: "limit", quantity: "0.5", price: "2000" } }), 201);
  expect((await request.post("/api/storage/store", { headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") }, data: { amount: "1.2" } })).ok()).toBe(true);
  await ok(request.post("/api/savings/user/create", { headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") }, data: { planId, amount: "1500" } }), 201);
  const strategy = { type: "recurring", amount: "1250", period: "daily", maxRounds: 2, acceptRisk: true };
  await ok(request.post("/api/strategies", { headers: { ...headers, "Idempotency-Key": randomBytes(8).toString("hex") }, data: strategy }), 201);
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082", "hex");
  const deposit = (amount: string) =>
    ok(request.post("/api/deposits", { headers, multipart: { currency: "USDT", network: "TRC20", amount, txHash: randomBytes(32).toString("hex"), proof: { name: "proof.png", mimeType: "image/png", buffer: png } } }), 201);
  const approved = (await (await deposit("1500")).json()).deposit.id as string;
  await ok(request.post(`/api/admin/deposits/${approved}/approve`, { headers: admin, data: {} }), 200);
  await deposit("2500");
  await ok(request.post("/api/user/withdraw-password", { headers, data: { password: user.password, newWithdrawPassword: "vault-key-1" } }), 200);
  await ok(request.post("/api/withdrawals", { headers, data: { currency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", amount: "1200", withdrawPassword: "vault-key-1" } }), 201);
  // Five wrong withdrawal passwords lock withdrawals for 15 minutes: /withdraw counts down to the end.
  for (let i = 0; i < 5; i++) await request.post("/api/withdrawals", { headers, data: { currency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", amount: "10", withdrawPassword: "wrong-key" } });
  await ok(request.post("/api/admin/notifications", { headers: admin, data: { title: "Vault report", message: "All 1,000 bars counted.", userId } }), 201);
  return { ...user, userId, planId };
}

/** The page's visible text once it has settled, checked against the three rules, naming the screen. */
async function expectReadable(page: Page, what: string) {
  // Times render in the reader's zone once the page has hydrated; wait for the last one to turn from UTC.
  await expect(page.locator("time").filter({ hasText: /UTC$/ })).toHaveCount(0);
  const text = await page.evaluate(() => document.body.innerText);
  const line = (re: RegExp) => text.split("\n").find((l) => re.test(l)) ?? null;
  expect(line(ISO_TIME), `${what} shows an ISO timestamp`).toBeNull();
  expect(line(UNGROUPED), `${what} shows an ungrouped amount`).toBeNull();
  expect(line(CODE_AS_WORD), `${what} spells XAUt as its API code`).toBeNull();
}

// The data is made once per run and shared (helpers' sharedOnce): it stays within the per-address
// limits on deposits.
type Data = Awaited<ReturnType<typeof userWithData>>;
let data: Data | undefined;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await sharedOnce("readable-text-data", () => userWithData(request));
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const path of USER_SCREENS) {
      test(`${path} reads numbers and times one way`, async ({ page }) => {
        await signIn(page, data!.username, data!.password, path.replace("{planId}", data!.planId));
        await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
        await expectReadable(page, path);
      });
    }

    for (const path of ADMIN_SCREENS) {
      test(`${path} reads numbers and times one way`, async ({ page }) => {
        await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password, path.replace("{userId}", data!.userId));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectReadable(page, path);
      });
    }

    for (const path of PUBLIC_SCREENS) {
      test(`${path} reads numbers and times one way`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectReadable(page, path);
      });
    }
  });
}

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("a wait counts down live, at the reader's own clock time: the withdrawal lock-out", async ({ page }) => {
    await signIn(page, data!.username, data!.password, "/withdraw");
    const lock = page.getByText(/withdrawals are locked until/);
    const end = await lock.locator("time").getAttribute("datetime");
    const tokyo = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(end!));
    await expect(lock).toContainText(new RegExp(`until (today|tomorrow) ${tokyo} \\(in \\d{1,2} min \\d{2} s\\)`));
    const first = await lock.innerText();
    await expect(lock).not.toHaveText(first);
  });
});
