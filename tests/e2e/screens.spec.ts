import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { adminToken, apiRegister, credit, sharedOnce, signIn, signInAsAdmin } from "./helpers";
import { userWithData, type ScreenData } from "./screen-data";

// Every screen at a phone's and a desktop's size, one test each, with data on it (a screen added
// later goes in its list). One visit checks all that a screen must be:
// - axe-core's WCAG checks;
// - no Content-Security-Policy violation;
// - no error logged or thrown while it loads (a hydration mismatch is one: React's #418);
// - numbers and times read one way (issue 23, item 4): each asset with its decimals, and amount
//   fields grouped and wide enough for what they hold or suggest (issue 45 §3).
const PUBLIC_SCREENS = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/terms",
  "/privacy",
  "/legality",
  "/advantages-of-ai-trading",
  "/option-trading",
  "/store-xaut",
  "/whitepaper",
  "/proof-of-reserves",
  "/contact",
  "/api-docs",
  "/no-such-page",
];
const USER_SCREENS = [
  "/",
  "/market",
  "/trade",
  "/records",
  "/record",
  "/notifications",
  "/profile",
  "/deposit",
  "/deposit/address/USDT",
  "/deposit/proof/USDT/TRC20",
  "/withdraw",
  "/withdraw/form/USDT",
  "/storage",
  "/saving/{planId}",
  "/personal-info",
  "/security-management",
  "/api-keys",
  "/invite-friends",
  "/ai-trading",
  "/support",
  "/support/{conversationId}",
];
// {userId} is the user with data.
const ADMIN_SCREENS = [
  "/admin",
  "/admin/users",
  "/admin/users/{userId}",
  "/admin/setting",
  "/admin/create-notifications",
  "/admin/wallets",
  "/admin/deposits",
  "/admin/withdrawals",
  "/admin/approvals",
  "/admin/saving-plans",
  "/admin/outbox",
  "/admin/proof",
  "/admin/support",
  "/admin/support/{conversationId}",
];
const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
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
// An amount with decimals and its asset ("1,234.50USDT", "0.100000 XAUt"): one number of decimals per
// asset on every screen (lib/core/format's rule). A whole number in a sentence ("1 XAUt") is prose.
const AMOUNT_WITH_ASSET = /(?<![\w.,])[\d,]+\.(\d+)\s*(USDT|USDC|XAUt|BTC|ETH)\b/g;
const SHOWN: Record<string, number> = { USDT: 2, USDC: 2, XAUt: 6, BTC: 8, ETH: 6 };
// Four or more digits in a row before any decimal point: what a field shows or suggests ungrouped.
const UNGROUPED_FIELD = /(?<![\d,.])\d{4,}/;

// What each page logged as an error or threw.
const errorsOf = new WeakMap<Page, string[]>();

/** Records every CSP violation the page reports, from its first script on, and every error it logs or throws. */
async function watch(page: Page) {
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on("console", (msg) => {
    // The page for an address that leads nowhere is itself answered with a 404, which Chromium logs.
    const notFoundPage =
      msg.text().includes("status of 404") && new URL(msg.location().url).pathname === "/no-such-page";
    if (msg.type() === "error" && !notFoundPage) errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`),
    );
  });
}

/** axe-core's checks on what the page shows now, no CSP violation and no error so far; each named with where. */
async function expectClean(page: Page, what: string) {
  const found = (await axeViolations(page)).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(found, `${what} has accessibility violations`).toEqual([]);
  const blocked = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  expect(blocked, `${what} broke its Content-Security-Policy`).toEqual([]);
  expect(errorsOf.get(page) ?? [], `${what} logged errors`).toEqual([]);
}

/**
 * The page's visible text once it has settled, checked against the rules, naming the screen; and its
 * amount fields: what they suggest or hold grouped, and wide enough to show it whole.
 */
async function expectReadable(page: Page, what: string, { decimals = true } = {}) {
  const text = await page.evaluate(() => document.body.innerText);
  const line = (re: RegExp) => text.split("\n").find((l) => re.test(l)) ?? null;
  expect(line(ISO_TIME), `${what} shows an ISO timestamp`).toBeNull();
  expect(line(UNGROUPED), `${what} shows an ungrouped amount`).toBeNull();
  expect(line(CODE_AS_WORD), `${what} spells XAUt as its API code`).toBeNull();
  if (decimals) {
    const odd = [...text.matchAll(AMOUNT_WITH_ASSET)].filter((m) => m[1]!.length !== SHOWN[m[2]!]).map((m) => m[0]);
    expect(odd, `${what} shows an asset with other than its decimals`).toEqual([]);
  }
  const fields = await page
    .locator("input[inputmode=decimal]")
    .filter({ visible: true })
    .evaluateAll((inputs) =>
      (inputs as HTMLInputElement[]).map((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = style.font;
        const shown = input.value || input.placeholder;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          id: input.id,
          texts: [input.value, input.placeholder],
          fits: context.measureText(shown).width <= room + 1,
          shown,
        };
      }),
    );
  for (const f of fields) {
    for (const t of f.texts) expect(t, `${what}: #${f.id} shows an ungrouped figure`).not.toMatch(UNGROUPED_FIELD);
    expect(f.fits, `${what}: #${f.id} is too narrow for "${f.shown}"`).toBe(true);
  }
}

/**
 * All of them, once the screen has settled: its times turned from UTC to the reader's zone. The
 * decimals per asset are the signed-in screens' rule: the administrators' books keep every unit
 * (labelled as exact), as do the information pages' worked examples of the arithmetic.
 */
async function expectGood(page: Page, what: string, options?: { decimals?: boolean }) {
  await expect(page.locator("time").filter({ hasText: /UTC$/ })).toHaveCount(0);
  await expectClean(page, what);
  await expectReadable(page, what, options);
}

let data: ScreenData | undefined;
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await sharedOnce("screen-data", () => userWithData(request));
});

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    for (const path of PUBLIC_SCREENS) {
      test(`${path} passes axe, its CSP, logs no error and reads one way`, async ({ page }) => {
        await watch(page);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        // The reference (lazy-loaded) is checked drawn, not while it loads.
        if (path === "/api-docs")
          await expect(page.getByRole("heading", { name: "Aurum API" })).toBeVisible({ timeout: 60_000 });
        // The information pages' worked examples show every unit of their arithmetic on purpose.
        await expectGood(page, path, { decimals: false });
      });
    }

    for (const path of USER_SCREENS) {
      test(`${path} passes axe, its CSP, logs no error and reads one way, with data on it`, async ({ page }) => {
        await watch(page);
        await signIn(
          page,
          data!.username,
          data!.password,
          path.replace("{planId}", data!.planId).replace("{conversationId}", data!.conversationId),
        );
        await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
        await expectGood(page, path);
      });
    }

    // The admin area's tables are cards on a phone, real tables on a desktop.
    for (const path of ADMIN_SCREENS) {
      test(`${path} passes axe, its CSP, logs no error and reads one way`, async ({ page }) => {
        await watch(page);
        await signInAsAdmin(
          page,
          path.replace("{userId}", data!.userId).replace("{conversationId}", data!.conversationId),
        );
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectGood(page, path, { decimals: false });
      });
    }
  });
}

async function notify(request: APIRequestContext, userId: string, title: string) {
  const sent = await request.post("/api/admin/notifications", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { title, message: "All bars counted.", userId },
  });
  expect(sent.status()).toBe(201);
}

test("the notification dialog passes axe's checks", async ({ page, request }) => {
  // A user of its own: the dialog marks what it shows as read.
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "5000");
  await watch(page);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await notify(request, userId, "Vault report");
  await expect(page.getByRole("dialog", { name: "Vault report" })).toBeVisible();
  await expectClean(page, "the notification dialog");
});
