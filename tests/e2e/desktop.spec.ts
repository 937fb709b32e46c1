import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

// The signed-in area at a desktop's width (this file runs in the "desktop" project, at 1280×800):
// the width is used and nothing a desktop user needs is below the fold.

/** Whether the whole of an element is inside the viewport, where it is now (no scrolling). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return (
    !!box &&
    box.width > 0 &&
    box.height > 0 &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= view.width &&
    box.y + box.height <= view.height
  );
}

test("Trade is one screen at 1280×800: chart, order form and open orders together, and no bottom tab bar", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  expect(
    (
      await request.post("/api/trades", {
        headers,
        data: { side: "buy", type: "limit", quantity: "0.1", price: "1000" },
      })
    ).status(),
  ).toBe(201);
  await signIn(page, user.username, user.password);

  // The main navigation is a sidebar that reaches Trade, not a bar along the bottom.
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Trade", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Trade", level: 1 })).toBeVisible();
  const navBox = (await nav.boundingBox())!;
  expect(navBox.height, "the main navigation is a column, not a bar").toBeGreaterThan(navBox.width);
  expect(navBox.y + navBox.height, "the main navigation does not sit along the bottom edge").toBeLessThanOrEqual(800);
  expect(navBox.x + navBox.width).toBeLessThan(300);

  const chart = page.getByTestId("price-chart");
  await expect(chart).toHaveAttribute("data-candle-count", /^\d{2,}$/);
  // The intervals of Market, on Trade's chart.
  await page.getByRole("button", { name: "1 hour" }).click();
  await expect(page.getByRole("button", { name: "1 hour" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart).toHaveAttribute("data-candle-count", /^\d{2,}$/);
  // On a desktop the chart cannot be folded away.
  await expect(page.getByRole("button", { name: /chart$/ })).toBeHidden();

  const form = page.getByRole("form", { name: "Place an order" });
  // Open orders are a table on a desktop, one line each.
  const open = page.getByRole("table", { name: "Open orders" });
  await expect(open.getByTestId("order-row")).toHaveCount(1);
  await expect(open.getByTestId("order-row")).toContainText("1,000.00");
  expect(await inViewport(page, chart), "the chart is in view").toBe(true);
  expect(
    await inViewport(page, page.getByRole("button", { name: "Review buy" })),
    "the order form's button is in view",
  ).toBe(true);
  expect(await inViewport(page, form.getByLabel("Quantity (XAUt)")), "the order form is in view").toBe(true);
  expect(await inViewport(page, open.getByTestId("order-row").first()), "the open order is in view").toBe(true);
  // Recent trades under the form: the user's own, and Aurum's in a tab.
  const recent = page.getByRole("region", { name: "Recent trades" });
  expect(
    await inViewport(page, recent.getByRole("heading", { name: "Recent trades" })),
    "recent trades are in view",
  ).toBe(true);
  expect(
    await inViewport(page, recent.getByRole("tab", { name: "Aurum's" })),
    "the tab of Aurum's trades is in view",
  ).toBe(true);
  await recent.getByRole("tab", { name: "Aurum's" }).click();
  await expect(recent.getByRole("tab", { name: "Aurum's" })).toHaveAttribute("aria-selected", "true");
  await expect(recent.getByRole("tabpanel")).toBeVisible();
  expect(await inViewport(page, recent.getByRole("tabpanel")), "Aurum's trades are in view").toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight),
    "nothing below the fold",
  ).toBeLessThanOrEqual(800);
});

test("Market at 1280: the 24 hours, Aurum's volume, the quote explained, and Aurum's trades arriving while it is open", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  await signIn(page, user.username, user.password, "/market");
  await expect(page.getByRole("heading", { name: "Tether Gold Market", level: 1 })).toBeVisible();
  await expect(page.getByTestId("high-24h")).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("low-24h")).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("market-ask")).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("spread")).toContainText("each side of the feed price");
  await expect(page.getByTestId("price-source")).toContainText("Simulated feed");
  const trades = page.getByRole("table", { name: "Aurum's recent trades" }).getByTestId("trade-row");
  const before = await trades.count();
  const volume = (await page.getByTestId("aurum-trade-count").innerText()).split(" ")[0]!;

  // Someone else trades: the list and the day's count follow without a reload.
  const other = await apiRegister(request);
  await credit(request, other.username, "500");
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: other.username, password: other.password },
  });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  // A quantity no other test trades, as tests in parallel trade too.
  expect(
    (
      await request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "0.012345" } })
    ).status(),
  ).toBe(201);
  await expect(trades.filter({ hasText: "0.012345" })).toHaveCount(1, { timeout: 15_000 });
  expect(await trades.count()).toBeGreaterThanOrEqual(Math.min(before + 1, 12));
  await expect(page.getByTestId("aurum-trade-count")).not.toHaveText(new RegExp(`^${volume} `));
  await expect(page.getByRole("table", { name: "Aurum's recent trades" })).not.toContainText(other.username);

  // Nothing is wider than the screen, and the chart and the quote share a row.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const chart = (await page.getByRole("region", { name: "Chart" }).boundingBox())!;
  const quote = (await page.getByRole("region", { name: "Your price here" }).boundingBox())!;
  expect(quote.x).toBeGreaterThan(chart.x + chart.width - 1);
});

test("Home is a dashboard that uses the width, with the account and notifications in reach", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "350");
  const { token } = (await (
    await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } })
  ).json()) as { token: string };
  const bought = await request.post("/api/trades", {
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": `desktop-${user.username}` },
    data: { side: "buy", type: "market", total: "100" },
  });
  expect(bought.status()).toBe(201);
  await signIn(page, user.username, user.password);

  const main = page.getByRole("main");
  await expect(page.getByTestId("total-assets")).toContainText(/3\d\d\.\d\d/);
  expect((await main.boundingBox())!.width).toBeGreaterThan(900);
  const content = page.getByTestId("signed-in-user").locator("xpath=ancestor::main/div");
  expect((await content.boundingBox())!.width, "Home's content is wider than 900 px").toBeGreaterThan(900);

  // Side by side: the balances stand beside the overview, not under it.
  const balances = (await page.getByTestId("balance-USDT").boundingBox())!;
  const total = (await page.getByTestId("total-assets").boundingBox())!;
  expect(balances.x, "balances are in a column of their own").toBeGreaterThan(total.x + total.width);
  expect(balances.y, "balances start near the top").toBeLessThan(400);
  // The price with its small chart, and recent activity.
  await expect(page.getByRole("region", { name: "XAUt price" }).getByTestId("price-chart")).toHaveAttribute(
    "data-candle-count",
    /^\d{2,}$/,
  );
  await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
  // As transactions, not ledger legs: the buy is one line (its fee and holds inside it), then the credit.
  const recent = page.getByRole("table", { name: "Recent transactions" }).getByTestId("transaction");
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText("Bought");
  await expect(recent.nth(1)).toContainText("350.0");
  // Every amount in view, without scrolling a box sideways.
  const changes = page.getByRole("table", { name: "Recent transactions" }).getByTestId("change");
  for (const change of await changes.all())
    expect(await inViewport(page, change), "an activity amount is in view").toBe(true);
  const box = page.getByRole("table", { name: "Recent transactions" }).locator("xpath=..");
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth), "recent activity does not scroll sideways").toBe(
    true,
  );
  await expect(page.getByTestId("home-vault")).toBeVisible();

  const header = page.getByRole("banner");
  for (const control of [
    header.getByRole("link", { name: /^Notifications/ }),
    header.getByRole("button", { name: "Log out" }),
    header.getByTestId("live-status"),
  ]) {
    expect(await inViewport(page, control)).toBe(true);
  }
});
