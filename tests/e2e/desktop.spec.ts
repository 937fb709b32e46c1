import { expect, test, type Locator, type Page } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

// The signed-in area at a desktop's width (this file runs in the "desktop" project, at 1280×800):
// the width is used and nothing a desktop user needs is below the fold.

/** Whether the whole of an element is inside the viewport, where it is now (no scrolling). */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  return !!box && box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= view.width && box.y + box.height <= view.height;
}

test("Trade is one screen at 1280×800: chart, order form and open orders together, and no bottom tab bar", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  const login = await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.post("/api/trades", { headers, data: { side: "buy", type: "limit", quantity: "0.1", price: "1000" } })).status()).toBe(201);
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
  const open = page.getByRole("list", { name: "Open orders" });
  await expect(open.getByTestId("order")).toHaveCount(1);
  expect(await inViewport(page, chart), "the chart is in view").toBe(true);
  expect(await inViewport(page, page.getByRole("button", { name: "Review buy" })), "the order form's button is in view").toBe(true);
  expect(await inViewport(page, form.getByLabel("Quantity (XAUt)")), "the order form is in view").toBe(true);
  expect(await inViewport(page, open.getByTestId("order").first()), "the open order is in view").toBe(true);
  expect(await inViewport(page, page.getByRole("heading", { name: "Recent trades" })), "recent trades start in view").toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("Home is a dashboard that uses the width, with the account and notifications in reach", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "350");
  const { token } = (await (await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } })).json()) as { token: string };
  const bought = await request.post("/api/trades", { headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": `desktop-${user.username}` }, data: { side: "buy", type: "market", total: "100" } });
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
  await expect(page.getByRole("region", { name: "XAUt price" }).getByTestId("price-chart")).toHaveAttribute("data-candle-count", /^\d{2,}$/);
  await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
  // As transactions, not ledger legs: the buy is one line (its fee and holds inside it), then the credit.
  const recent = page.getByRole("table", { name: "Recent transactions" }).getByTestId("transaction");
  await expect(recent).toHaveCount(2);
  await expect(recent.first()).toContainText("Bought");
  await expect(recent.nth(1)).toContainText("350.0");
  await expect(page.getByTestId("home-vault")).toBeVisible();

  const header = page.getByRole("banner");
  for (const control of [header.getByRole("link", { name: /^Notifications/ }), header.getByRole("button", { name: "Log out" }), header.getByTestId("live-status")]) {
    expect(await inViewport(page, control)).toBe(true);
  }
});
