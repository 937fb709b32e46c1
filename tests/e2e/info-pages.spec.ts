import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatAmount } from "../../lib/core/amount";
import { money, percentText, readable } from "../../lib/core/format";
import type { Settings } from "../../lib/settings/schema";
import { adminToken, apiRegister, ensureUsdtWallet, saveSettings, signIn } from "./helpers";

const PAGES = [
  { path: "/advantages-of-ai-trading", link: "Advantages of AI trading", heading: "Advantages of AI trading" },
  { path: "/option-trading", link: "Option trading", heading: "Option trading" },
  { path: "/store-xaut", link: "Storing XAUt", heading: "Storing XAUt" },
  { path: "/whitepaper", link: "Whitepaper", heading: "Whitepaper" },
] as const;

/** Each figure a page shows (by its data-testid), as the settings say it should read. */
const FIGURES: Record<(typeof PAGES)[number]["path"], (s: Settings) => Record<string, string>> = {
  "/advantages-of-ai-trading": (s) => tradingFigures(s),
  "/option-trading": (s) => ({
    fee: percentText(s.trading.feeBps),
    spread: percentText(s.trading.spreadBps),
    "storage-rate": percentText(s.storage.annualRateBps),
  }),
  "/store-xaut": (s) => ({ "storage-rate": percentText(s.storage.annualRateBps) }),
  "/whitepaper": (s) => ({
    ...tradingFigures(s),
    "withdraw-daily-limit": money(s.withdrawals.dailyLimit, "USDT"),
    "storage-rate": percentText(s.storage.annualRateBps),
    "referral-reward": /[1-9]/.test(s.referral.rewardUsdt)
      ? money(s.referral.rewardUsdt, "USDT")
      : "None at the moment",
  }),
};

function tradingFigures(s: Settings) {
  return {
    fee: percentText(s.trading.feeBps),
    spread: percentText(s.trading.spreadBps),
    "min-order": money(s.trading.minQuantity, "XAUT"),
    "max-order": money(s.trading.maxQuantity, "XAUT"),
    "daily-limit": money(s.trading.dailyLimit, "USDT"),
  };
}

async function adminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await adminToken(request)}` };
}

async function readSettings(request: APIRequestContext): Promise<Settings> {
  const res = await request.get("/api/settings/config", { headers: await adminHeaders(request) });
  expect(res.status()).toBe(200);
  return (await res.json()).config as Settings;
}

/**
 * The page, freshly loaded, shows the site's name and every figure as the settings read now. Other
 * tests may change the settings meanwhile (the admin test renames the site), so it retries with
 * the settings read again.
 */
async function expectFiguresOf(page: Page, request: APIRequestContext, path: (typeof PAGES)[number]["path"]) {
  await expect(async () => {
    const settings = await readSettings(request);
    await page.goto(path);
    await expect(page.getByTestId("site-name")).toHaveText(settings.siteName, { timeout: 1_000 });
    for (const [id, text] of Object.entries(FIGURES[path](settings))) {
      await expect(page.getByTestId(`figure-${id}`), `${path}: figure-${id}`).toHaveText(text, { timeout: 1_000 });
    }
  }).toPass({ timeout: 20_000 });
}

for (const { path, heading } of PAGES) {
  test(`a signed-out visitor reads ${path}, with the figures the settings hold, on a phone's width`, async ({
    page,
    request,
  }) => {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectFiguresOf(page, request, path);
    // 390 px wide: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The way back for a visitor is to sign in.
    await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
}

test("the whitepaper lists each open withdrawal network with its fee and minimum", async ({ page, request }) => {
  await ensureUsdtWallet(request);
  await page.goto("/whitepaper");
  const row = page.getByRole("row", { name: /^USDT Tron \(TRC20\)/ });
  await expect(row.getByRole("cell")).toHaveText(["Tron (TRC20)", "1.00", "10.00"]);
});

test("changed settings show at once on the information pages, worked examples included", async ({ page, request }) => {
  const before = await readSettings(request);
  // Settings no other test depends on while it runs (the trade tests check the trading fee).
  const patch = {
    trading: { spreadBps: 45, minQuantity: "0.002", maxQuantity: "1250.5" },
    storage: { annualRateBps: 125 },
    referral: { rewardUsdt: "2.5" },
  };
  await saveSettings(request, patch);
  try {
    await page.goto("/whitepaper");
    await expect(page.getByTestId("figure-spread")).toHaveText(/^0\.45\s%$/);
    await expect(page.getByTestId("figure-min-order")).toHaveText("0.002000 XAUt");
    await expect(page.getByTestId("figure-max-order")).toHaveText("1,250.500000 XAUt");
    await expect(page.getByTestId("figure-storage-rate")).toHaveText(/^1\.25\s%$/);
    await expect(page.getByTestId("figure-referral-reward")).toHaveText("2.50 USDT");
    // Buying 1 XAUt at a feed price of 4,000: the ask is 4,000 × 1.0045, its fee the trading fee on that.
    const fee = (4_018_000_000n * BigInt(before.trading.feeBps) + 9_999n) / 10_000n;
    const example = page.getByRole("figure", { name: /Buying 1 XAUt/ });
    await expect(example.getByRole("row", { name: "Buy 1 XAUt at the ask" })).toContainText("4,018.00 USDT");
    await expect(example.getByRole("row", { name: /Fee on the buy/ })).toContainText(
      `${readable(formatAmount(fee, 6), "USDT")} USDT`,
    );
    await expect(example.getByRole("row", { name: "Sell 1 XAUt at the bid" })).toContainText("3,982.00 USDT");

    await page.goto("/store-xaut");
    await expect(page.getByTestId("figure-storage-rate")).toHaveText(/^1\.25\s%$/);
    // 10 XAUt at 1.25 % a year earn 10 × 0.0125 / 365 on the first day, rounded down to 0.000001.
    const vault = page.getByRole("figure", { name: /10\.000000 XAUt kept in the vault/ });
    await expect(vault.getByRole("row", { name: "Earned on the first whole day" })).toContainText("0.000342 XAUt");

    await page.goto("/advantages-of-ai-trading");
    await expect(page.getByTestId("figure-spread")).toHaveText(/^0\.45\s%$/);
    // The first round of the example buys at its feed price of 4,000 plus the spread.
    await expect(page.getByRole("row", { name: /^Day 1 / })).toContainText("4,018.00");
  } finally {
    await saveSettings(request, { trading: before.trading, storage: before.storage, referral: before.referral });
  }
  await page.goto("/whitepaper");
  await expect(page.getByTestId("figure-spread")).toHaveText(percentText(before.trading.spreadBps));
});

test("Profile links each information page, and each leads back Home", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  for (const { link, heading } of PAGES) {
    await page.goto("/profile");
    await page
      .getByRole("navigation", { name: "Learn" })
      .getByRole("link", { name: new RegExp(`^${link}`) })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Home", exact: true }).click();
    await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);
  }
});

test("XAUt Storage links to how storage works", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/storage");
  await page.getByRole("link", { name: "How storage works" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Storing XAUt" })).toBeVisible();
});
