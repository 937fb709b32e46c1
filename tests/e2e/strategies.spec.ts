import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

/** Starts a strategy through the API, as the user: four daily rounds of 50 USDT, the first at once. */
async function startThroughApi(request: APIRequestContext, user: { username: string; password: string }) {
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const { token } = (await login.json()) as { token: string };
  const started = await request.post("/api/strategies", {
    headers: { Authorization: `Bearer ${token}`, "Idempotency-Key": `e2e-strategy-${user.username}` },
    data: { type: "recurring", amount: "50", period: "daily", maxRounds: 4, acceptRisk: true },
  });
  expect(started.status()).toBe(201);
}

test("start a recurring buy, see its first fill in records, and stop it", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await signIn(page, user.username, user.password);

  await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "AI trading" }).click();
  await expect(page.getByRole("heading", { name: "AI trading", exact: true })).toBeVisible();
  await expect(page.getByText("No strategy running. Start one above.")).toBeVisible();
  const form = page.getByRole("form", { name: "New strategy" });
  await form.getByLabel("USDT each round").fill("50");
  await form.getByLabel("End after rounds (optional)").fill("4");
  // The risk statement is accepted once, before the first strategy.
  await form.getByRole("button", { name: "Start strategy" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "Please read and accept the risk statement before your first strategy",
  );
  await form.getByLabel("I have read and accept the risk statement").check();
  await form.getByRole("button", { name: "Start strategy" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Strategy started: its budget is reserved");

  const card = page.getByRole("article", { name: "Recurring buy: 50.00 USDT every day" });
  await expect(card).toContainText("running");
  await expect(card.getByText("Rounds run").locator("..")).toContainText("1");
  await expect(card.getByText("Fills", { exact: true }).locator("..")).toContainText("1");
  await expect(page.getByLabel("I have read and accept the risk statement")).toHaveCount(0);

  await page.getByRole("link", { name: "Records", exact: true }).click();
  await page.getByRole("link", { name: "Trades" }).click();
  const order = page.getByTestId("order").first();
  await expect(order).toContainText("Market buy");
  await expect(order).toContainText("By Recurring buy: 50.00 USDT every day");

  await page.goto("/ai-trading");
  await page.getByRole("button", { name: "Stop: Recurring buy: 50.00 USDT every day" }).click();
  // The app's own confirmation: keeping it changes nothing, confirming stops it.
  const ask = page.getByRole("dialog", { name: "Stop Recurring buy: 50.00 USDT every day?" });
  await ask.getByRole("button", { name: "Keep it running" }).click();
  await expect(ask).toBeHidden();
  await page.getByRole("button", { name: "Stop: Recurring buy: 50.00 USDT every day" }).click();
  await ask.getByRole("button", { name: "Stop strategy" }).click();
  await expect(page.getByTestId("toast")).toHaveText(
    "Strategy stopped: everything it held is back in your available balance",
  );
  await expect(page.getByRole("heading", { name: "Ended" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Recurring buy: 50.00 USDT every day" })).toContainText("stopped");
});

test("Home counts a strategy's reserve in the balances and names it", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await startThroughApi(request, user);
  await signIn(page, user.username, user.password);
  await page.goto("/");
  // Four rounds of 50 less the first: about 150 USDT held by the strategy, beside 800 available.
  const usdt = page.getByTestId("balance-USDT");
  await expect(usdt).toContainText("800.00");
  await expect(usdt).toContainText(/Strategy reserve 15\d\.\d\d/);
});
