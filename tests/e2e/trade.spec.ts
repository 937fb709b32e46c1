import { expect, test } from "@playwright/test";
import { readable } from "../../lib/core/format";
import { formatAmount, parseAmount } from "../../lib/core/amount";
import { adminToken, apiRegister, approveAsChecker, credit, signIn } from "./helpers";

test("a credited user buys XAUt at market, sees the balance change and the trade in records", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("total-assets")).toContainText("1,000.00");

  await page.getByRole("link", { name: "Trade →" }).click();
  await expect(page.getByRole("heading", { name: "Trade", exact: true })).toBeVisible();
  // A price reads with cents, as everywhere a person reads one.
  await expect(page.getByTestId("ask")).toHaveText(/^[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("available")).toHaveText("1,000.00 USDT");

  await page.getByLabel("Quantity (XAUt)").fill("0.1");
  const estimate = page.getByTestId("estimate");
  await expect(estimate).toContainText("Quantity0.100000 XAUt");
  await expect(estimate).toContainText("Fee (0.2\u00a0%)");
  await page.getByRole("button", { name: "Review buy" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: /^Buy 0\.100000 XAUt at market for about \d+\.\d{6} USDT, fee included\?$/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Confirm buy" }).click();

  const toast = page.getByTestId("toast");
  // The answer reads as every screen does (cents for USDT, rounded down); the trade keeps the exact figure.
  await expect(toast).toHaveText(/^Bought 0\.100000 XAUt for \d+\.\d{2} USDT \(fee \d+\.\d{2} USDT\)$/);
  const told = /for (\d+\.\d{2}) USDT/.exec((await toast.textContent()) ?? "")![1]!;
  const recent = page.getByRole("list", { name: "Recent trades" }).getByTestId("order");
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText("filled");
  // The list reads in cents; the exact figure is the amount's title.
  const paid = /^([\d.]+) USDT$/.exec(
    (await recent
      .first()
      .getByTitle(/ USDT$/)
      .getAttribute("title"))!,
  )![1]!;
  expect(readable(paid, "USDT")).toBe(told);
  const left = formatAmount(parseAmount("1000", 6) - parseAmount(paid, 6), 6);
  await expect(page.getByTestId("available")).toHaveText(`${readable(left, "USDT")} USDT`);

  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page.getByTestId("balance-USDT")).toContainText(readable(left, "USDT"));
  await expect(page.getByTestId("balance-XAUT")).toContainText("0.100000");

  await page.getByRole("link", { name: "Records", exact: true }).click();
  await page.getByRole("link", { name: "Trades" }).click();
  await expect(page.getByTestId("order")).toHaveCount(1);
  await expect(page.getByTestId("order").first()).toContainText("Market buy");

  await page.getByRole("link", { name: "Their ledger entries →" }).click();
  // One transaction, opening to its entries: the cost, the fee as its own entry, and the XAUt received.
  const bought = page.getByTestId("transaction").filter({ visible: true });
  await expect(bought).toHaveCount(1);
  await expect(bought.getByTestId("change")).toHaveText(`+0.100000XAUt-${readable(paid, "USDT")}USDT`);
  await bought.getByRole("button", { name: /^Bought/ }).click();
  const entries = bought.getByTestId("leg");
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: "+0.100000" })).toContainText("Available");
  await expect(entries.filter({ hasText: "Available · Fee" })).toHaveCount(1);
});

test("a limit order far from the market waits with its funds on hold, and cancelling releases them", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  await signIn(page, user.username, user.password);
  await page.goto("/trade");

  await page.getByRole("radio", { name: "Limit" }).check();
  await page.getByLabel("Limit price (USDT per XAUt)").fill("1000");
  await page.getByLabel("Quantity (XAUt)").fill("0.2");
  // 0.2 at 1000 is 200 USDT, plus a 0.4 USDT fee.
  await expect(page.getByTestId("estimate")).toContainText("Reserved until it fills200.400000 USDT");
  await page.getByRole("button", { name: "Review buy" }).click();
  await page.getByRole("button", { name: "Confirm buy" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Limit buy placed: 0.200000 XAUt at 1,000.00 USDT");
  await expect(page.getByTestId("available")).toHaveText("299.60 USDT");

  const open = page.getByRole("list", { name: "Open orders" }).getByTestId("order");
  await expect(open).toHaveCount(1);
  await expect(open.first()).toContainText("Reserved 200.40 USDT");
  await open
    .first()
    .getByRole("button", { name: /^Cancel limit buy/ })
    .click();
  const ask = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(ask).toContainText("Limit buy at 1,000.00 USDT: 0.200000 XAUt");
  await ask.getByRole("button", { name: "Keep the order" }).click();
  await expect(open).toHaveCount(1);
  await open
    .first()
    .getByRole("button", { name: /^Cancel limit buy/ })
    .click();
  await ask.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Order cancelled");
  await expect(page.getByText("No open orders.")).toBeVisible();
  await expect(page.getByTestId("available")).toHaveText("500.00 USDT");
});

test("the form says before review when an order is more than the balance or the daily limit left", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "100");
  await signIn(page, user.username, user.password);
  await page.goto("/trade");
  await expect(page.getByTestId("available")).toHaveText("100.00 USDT");
  await page.getByLabel("Quantity (XAUt)").fill("1");
  await expect(page.getByRole("alert").filter({ hasText: "This order needs" })).toHaveText(
    /^This order needs [\d,]+\.\d{6} USDT; you have 100\.000000 USDT available$/,
  );
  await expect(page.getByRole("button", { name: "Review buy" })).toBeDisabled();

  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  // A user's limit waits for a second administrator: the checker approves.
  const limited = await request.put(`/api/admin/users/${userId}/trade-config`, {
    headers: admin,
    data: { dailyLimit: "10" },
  });
  expect(limited.status()).toBe(202);
  expect(await approveAsChecker(request, limited)).toBe(200);
  await page.reload();
  await page.getByLabel("Quantity (XAUt)").fill("0.01");
  await expect(page.getByRole("alert").filter({ hasText: "daily trading limit" })).toHaveText(
    "This order would pass your daily trading limit: 10.00 USDT left today",
  );
  await expect(page.getByRole("button", { name: "Review buy" })).toBeDisabled();
});

test("on a phone Trade has a compact chart that folds away and stays folded, under the bottom tab bar", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  // The phone keeps its bottom tab bar, along the bottom edge and across the screen.
  const tabs = page.getByRole("navigation", { name: "Main" });
  await tabs.getByRole("link", { name: "Trade", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Trade", level: 1 })).toBeVisible();
  const bar = (await tabs.boundingBox())!;
  expect(bar.y + bar.height).toBe(844);
  expect(bar.width).toBe(390);

  const chart = page.getByTestId("price-chart");
  const toggle = page.getByRole("button", { name: "Hide chart" });
  await expect(chart).toHaveAttribute("data-candle-count", /^\d{2,}$/);
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  expect((await chart.boundingBox())!.height, "compact: the order form stays near the top").toBeLessThan(250);

  await toggle.click();
  const show = page.getByRole("button", { name: "Show chart" });
  await expect(show).toHaveAttribute("aria-expanded", "false");
  await expect(chart).toHaveCount(0);
  // The choice is remembered on the next visit.
  await page.reload();
  await expect(page.getByRole("button", { name: "Show chart" })).toHaveAttribute("aria-expanded", "false");
  await expect(chart).toHaveCount(0);

  await page.getByRole("button", { name: "Show chart" }).click();
  await expect(page.getByRole("button", { name: "Hide chart" })).toHaveAttribute("aria-expanded", "true");
  await expect(chart).toHaveAttribute("data-candle-count", /^\d{2,}$/);
});
