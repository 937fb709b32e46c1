import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { apiRegister, credit, signIn } from "./helpers";

/** A user with 1,000 USDT who bought 0.1 XAUt at market and has a limit buy waiting far below the market. */
async function traderWithHold(page: Page, request: APIRequestContext) {
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await signIn(page, user.username, user.password);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Bearer ${token}` };
  expect(
    (await request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "0.1" } })).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/trades", {
        headers,
        data: { side: "buy", type: "limit", quantity: "0.1", price: "100" },
      })
    ).status(),
  ).toBe(201);
  return user;
}

/** axe-core finds nothing on what the page shows now (screens.spec checks /records closed; these, open). */
async function expectAccessible(page: Page) {
  expect(
    (await axeViolations(page)).map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

const visible = (page: Page) => page.getByTestId("transaction").filter({ visible: true });

test("a market buy is one line in /records, opens to its legs, and holds show only when asked", async ({
  page,
  request,
}) => {
  await traderWithHold(page, request);
  await page.goto("/records");

  const list = page.getByRole("list", { name: "Transactions" });
  await expect(list).toBeVisible();
  // The buy and the credit; the limit order's hold is not a transaction that changed anything.
  await expect(visible(page)).toHaveCount(2);
  const buy = visible(page).filter({ hasText: /^Bought/ });
  await expect(buy).toHaveCount(1);
  const change = (row: typeof buy) => row.getByTestId("change").filter({ visible: true });
  await expect(change(buy)).toHaveText(/^\+0\.100000XAUt-\d{3}\.\d{2}USDT$/);
  await expect(page.getByText("Limit buy placed")).toHaveCount(0);

  const open = buy.getByRole("button", { name: /^Bought/ });
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await expect(buy.getByTestId("leg").filter({ visible: true })).toHaveCount(0);
  await open.click();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  const legs = buy.getByRole("list", { name: /^Entries of Bought/ }).getByTestId("leg");
  // The cost, the fee on its own, and the gold received.
  await expect(legs).toHaveCount(3);
  await expect(legs.filter({ hasText: "Available · Fee" })).toHaveCount(1);
  await expect(legs.filter({ hasText: "+0.100000" })).toContainText("Balance 0.100000");
  await expectAccessible(page);
  await open.click();
  await expect(legs.first()).toBeHidden();

  const holds = page.getByRole("checkbox", { name: "Show holds" });
  await expect(holds).not.toBeChecked();
  await holds.check();
  await expect(page).toHaveURL(/\?holds=true$/);
  const placed = visible(page).filter({ hasText: "Limit buy placed" });
  await expect(placed).toHaveCount(1);
  // A hold changes no total: it reads as money moved, unsigned, not as a loss.
  await expect(change(placed)).toHaveText("10.02USDTmoved to On hold");
  await expect(visible(page)).toHaveCount(3);

  await holds.uncheck();
  await expect(page).toHaveURL(/\/records$/);
  await expect(visible(page)).toHaveCount(2);
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("records are a table whose amounts share one right-aligned column, each row opening to a table of its legs", async ({
    page,
    request,
  }) => {
    await traderWithHold(page, request);
    await page.goto("/records?holds=true");

    const table = page.getByRole("table", { name: "Transactions" });
    await expect(table).toBeVisible();
    await expect(page.getByRole("list", { name: "Transactions" })).toBeHidden();
    await expect(table.getByRole("columnheader")).toHaveText(["Time", "Transaction", "Type", "Change"]);
    await expect(visible(page)).toHaveCount(3);

    // Every amount ends at the same x, in figures of one width.
    const amounts = table
      .locator("tr[data-testid=transaction] > td:last-child .tabular-nums")
      .filter({ visible: true });
    await expect(amounts).toHaveCount(4);
    const rights = await amounts.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
    expect(new Set(rights).size, `right edges ${rights}`).toBe(1);
    expect(await amounts.first().evaluate((el) => getComputedStyle(el).fontVariantNumeric)).toContain("tabular-nums");

    const buy = visible(page).filter({ hasText: "Bought" });
    // The whole row opens it, not only its title.
    const amount = buy.getByText("+0.100000");
    await amount.scrollIntoViewIfNeeded();
    const box = (await amount.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(buy.getByRole("button", { name: /^Bought/ })).toHaveAttribute("aria-expanded", "true");
    const legs = page.getByRole("table", { name: /^Entries of Bought/ });
    await expect(legs).toBeVisible();
    await expect(legs.getByRole("columnheader")).toHaveText(["Balance", "Entry", "Balance after", "Change"]);
    await expect(legs.getByTestId("leg")).toHaveCount(3);
    await expect(legs.getByTestId("leg").filter({ hasText: "Fee" })).toHaveCount(1);
    // The legs' changes end where the transactions' do.
    const all = await table
      .locator(":is(tr[data-testid=transaction], tr[data-testid=leg]) > td:last-child .tabular-nums")
      .filter({ visible: true })
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
    expect(all).toHaveLength(7);
    expect(new Set(all).size, `right edges ${all}`).toBe(1);
    await expectAccessible(page);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("/record and /records are one screen: the same transactions, and every type tab in view", async ({
    page,
    request,
  }) => {
    await traderWithHold(page, request);
    for (const path of ["/record", "/records"]) {
      await page.goto(path);
      await expect(visible(page)).toHaveCount(2);
      const tabs = page.getByRole("navigation", { name: "Record types" }).getByRole("link");
      await expect(tabs).toHaveText(["All", "Trades", "Deposits", "Withdrawals", "Savings", "Storage", "Adjustments"]);
      // Wrapped, not scrolled: no tab lies past the phone's edge.
      for (const box of await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(390);
      }
      await tabs.filter({ hasText: "Adjustments" }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?tab=adjustments$`));
      await expect(visible(page)).toHaveCount(1);
      await expect(visible(page).first()).toContainText("Adjustment");
      await expect(tabs.filter({ hasText: "Adjustments" })).toHaveAttribute("aria-current", "page");
    }
  });
});
