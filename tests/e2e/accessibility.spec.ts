import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminToken, apiRegister, credit, ensureSavingPlan, ensureUsdtWallet, sharedOnce, signIn } from "./helpers";

// Every screen, one test each (a screen added later goes in its list). Each is checked by axe-core
// (WCAG) and for Content-Security-Policy violations, with data on it.
const PUBLIC_SCREENS = ["/login", "/register", "/forgot-password", "/reset-password", "/terms", "/privacy", "/legality", "/advantages-of-ai-trading", "/option-trading", "/store-xaut", "/whitepaper"];
const USER_SCREENS = ["/", "/market", "/trade", "/records", "/record", "/notifications", "/profile", "/deposit", "/deposit/address/USDT", "/deposit/proof/USDT/TRC20", "/withdraw", "/storage", "/saving/{planId}"];
USER_SCREENS.push("/personal-info", "/security-management", "/invite-friends", "/ai-trading");
// {userId} is a user with a balance and an order.
const ADMIN_SCREENS = ["/admin", "/admin/users", "/admin/users/{userId}", "/admin/setting", "/admin/create-notifications", "/admin/wallets", "/admin/deposits", "/admin/withdrawals", "/admin/approvals", "/admin/saving-plans", "/admin/outbox"];

// What each page logged as an error or threw: a hydration mismatch (React recovers by rendering the
// part again in the browser, and logs it) or a script's failure shows here.
const errorsOf = new WeakMap<Page, string[]>();

/** Records every CSP violation the page reports, from its first script on, and every error it logs or throws. */
async function watchPolicy(page: Page) {
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on("console", (msg) => {
    // The page for an address that leads nowhere is itself answered with a 404, which Chromium logs.
    const notFoundPage = msg.text().includes("status of 404") && new URL(msg.location().url).pathname === "/no-such-page";
    if (msg.type() === "error" && !notFoundPage) errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`));
  });
}

/** axe-core's checks on what the page shows now, and no CSP violation so far; both named with where. */
async function expectClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(found, `${what} has accessibility violations`).toEqual([]);
  const blocked = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  expect(blocked, `${what} broke its Content-Security-Policy`).toEqual([]);
  expect(errorsOf.get(page) ?? [], `${what} logged errors`).toEqual([]);
}

/** A user with money, a filled market order, an open limit order and an unread notification. */
async function userWithData(request: APIRequestContext) {
  await ensureUsdtWallet(request);
  const planId = await ensureSavingPlan(request);
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "5000");
  const login = await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "0.25" } })).status()).toBe(201);
  expect((await request.post("/api/trades", { headers, data: { side: "buy", type: "limit", quantity: "0.1", price: "1000" } })).status()).toBe(201);
  await notify(request, userId, "Welcome aboard");
  expect((await request.post("/api/savings/user/create", { headers: { ...headers, "Idempotency-Key": `a11y-${userId}` }, data: { planId, amount: "100" } })).status()).toBe(201);
  const strategy = { type: "recurring", amount: "50", period: "daily", maxRounds: 2, acceptRisk: true };
  expect((await request.post("/api/strategies", { headers: { ...headers, "Idempotency-Key": `a11y-strategy-${userId}` }, data: strategy })).status()).toBe(201);
  return { ...user, userId, planId };
}

async function notify(request: APIRequestContext, userId: string, title: string) {
  const sent = await request.post("/api/admin/notifications", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { title, message: "All bars counted.", userId },
  });
  expect(sent.status()).toBe(201);
}

// The page for an address that leads nowhere.
PUBLIC_SCREENS.push("/no-such-page");

// The proof of reserves: the public page and its admin screen.
PUBLIC_SCREENS.push("/proof-of-reserves");
ADMIN_SCREENS.push("/admin/proof");

for (const path of PUBLIC_SCREENS) {
  test(`${path} passes axe's checks and its CSP`, async ({ page }) => {
    await watchPolicy(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectClean(page, path);
  });
}

// The screens only look at the data: one user made once per run serves them all (the dialog's test,
// which adds to it, has its own).
type Data = Awaited<ReturnType<typeof userWithData>>;
let data: Data | undefined;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await sharedOnce("accessibility-data", () => userWithData(request));
});

for (const path of USER_SCREENS) {
  test(`${path} passes axe's checks and its CSP, with data on it`, async ({ page }) => {
    await watchPolicy(page);
    await signIn(page, data!.username, data!.password, path.replace("{planId}", data!.planId));
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    await expectClean(page, path);
  });
}

// The same screens at a desktop's width: the sidebar, Home's dashboard and Trade's chart beside the form.
for (const path of USER_SCREENS) {
  test(`${path} at 1280×800 passes axe's checks and its CSP, with data on it`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await watchPolicy(page);
    await signIn(page, data!.username, data!.password, path.replace("{planId}", data!.planId));
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    await expectClean(page, `${path} at 1280×800`);
    await context.close();
  });
}

test("the notification dialog passes axe's checks", async ({ page, request }) => {
  const user = await userWithData(request);
  await watchPolicy(page);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await notify(request, user.userId, "Vault report");
  await expect(page.getByRole("dialog", { name: "Vault report" })).toBeVisible();
  await expectClean(page, "the notification dialog");
});

// The admin area at both sizes: its tables are cards on a phone, real tables on a desktop.
for (const screen of ADMIN_SCREENS) for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`${screen} at ${viewport.width} px passes axe's checks and its CSP`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await watchPolicy(page);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password, screen.replace("{userId}", data!.userId));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectClean(page, screen);
    await context.close();
  });
}
