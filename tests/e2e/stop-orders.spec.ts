import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

const bearer = async (page: Page) => ({
  Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}`,
});

/** A new user with 20,000 USDT, signed in. */
async function signedInTrader(page: Page, request: APIRequestContext) {
  const user = await apiRegister(request);
  await credit(request, user.username, "20000");
  await signIn(page, user.username, user.password);
}

async function quote(page: Page): Promise<{ last: number; bid: number; ask: number }> {
  const res = await page.request.get("/api/trades/trade-settings", { headers: await bearer(page) });
  const { price } = (await res.json()) as { price: { last: string; bid: string; ask: string } };
  return { last: Number(price.last), bid: Number(price.bid), ask: Number(price.ask) };
}

test("a stop-limit and an OCO are reviewed in plain words, wait as open orders with their stop, and cancel as a pair", async ({
  page,
  request,
}) => {
  await signedInTrader(page, request);
  await page.goto("/trade");
  const { last } = await quote(page);
  const far = (v: number) => v.toFixed(2);

  await page.getByRole("radio", { name: "Stop" }).check();
  await expect(page.getByText("A stop-limit waits until the price reaches your stop")).toBeVisible();
  await page.getByLabel("Quantity (XAUt)").fill("0.5");
  await page.getByLabel("Stop price (USDT)").fill(far(last - 1000));
  await page.getByLabel("Limit price (USDT)").fill(far(last - 1010));
  // A buy's stop must be above the price: said before the review.
  await expect(page.getByRole("alert").filter({ hasText: "A buy stop must be above the current price" })).toBeVisible();
  await page.getByRole("radio", { name: "Sell" }).check();
  // Selling needs XAUt: buy some first, through the API, and come back.
  await page.request.post("/api/trades", {
    headers: await bearer(page),
    data: { side: "buy", type: "market", quantity: "1" },
  });
  await page.reload();
  await page.getByRole("radio", { name: "Sell" }).check();
  await page.getByRole("radio", { name: "Stop" }).check();
  await page.getByLabel("Quantity (XAUt)").fill("0.5");
  await page.getByLabel("Stop price (USDT)").fill(far(last - 1000));
  await page.getByLabel("Limit price (USDT)").fill(far(last - 1010));
  await expect(page.getByTestId("estimate")).toContainText("Reserved until it ends0.500000 XAUt");
  await page.getByRole("button", { name: "Review sell" }).click();
  // The review shows every unit, as it does for a limit order.
  await expect(page.getByRole("status")).toHaveText(
    /^If XAUt falls to [\d,]+\.\d{6} USDT, sell 0\.500000 XAUt at [\d,]+\.\d{6} USDT or better\.$/,
  );
  const stop = Number(far(last - 1000)).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByTestId("toast")).toContainText("Stop-limit placed: if XAUt falls to");

  const open = page.getByRole("list", { name: "Open orders" }).getByTestId("order");
  await expect(open).toHaveCount(1);
  await expect(open.first()).toContainText(`Stop-limit sell at`);
  await expect(open.first()).toContainText(`stop ${stop}`);

  // An OCO: the limit far above, the stop far below; both shown, one cancel ends both.
  await page.getByRole("radio", { name: "OCO" }).check();
  await page.getByLabel("Quantity (XAUt)").fill("0.2");
  await page.getByLabel("Limit price (USDT per XAUt)").fill(far(last + 1000));
  await page.getByLabel("Stop price (USDT)").fill(far(last - 900));
  await page.getByLabel("Stop's limit (USDT)").fill(far(last - 910));
  await page.getByRole("button", { name: "Review sell" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Sell 0\.200000 XAUt at [\d,]+\.\d{6} USDT, or: if XAUt falls to/ }),
  ).toContainText("Whichever comes first cancels the other.");
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByTestId("toast")).toContainText("OCO placed: sell 0.200000 XAUt at");
  await expect(open).toHaveCount(3);
  await expect(page.getByTestId("available")).toHaveText("0.300000 XAUt");

  await open
    .filter({ hasText: "OCO limit sell" })
    .getByRole("button", { name: /^Cancel oco limit sell/ })
    .click();
  const ask = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(ask).toContainText("Both orders of this OCO are cancelled");
  await ask.getByRole("button", { name: "Cancel order" }).click();
  await expect(open).toHaveCount(1);
  await expect(page.getByTestId("available")).toHaveText("0.500000 XAUt");
});

test("an OCO close to the price: the feed reaches one of its orders, which fills, and the other disappears", async ({
  page,
  request,
}) => {
  await signedInTrader(page, request);
  const headers = await bearer(page);
  await page.request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "1" } });
  await page.goto("/trade");
  const open = page.getByRole("list", { name: "Open orders" }).getByTestId("order");
  await expect(page.getByText("No open orders.")).toBeVisible();

  // A sell OCO 0.30 USDT either side of the moving price (about 0.11 USDT a second): whichever way
  // it moves first decides, within seconds. The price may move between reading it and placing: then
  // the placement is refused, and tried again.
  let placed = null as { orders: { id: string; ocoId: string }[] } | null;
  for (let attempt = 0; attempt < 10 && !placed; attempt++) {
    const { last, bid } = await quote(page);
    const res = await page.request.post("/api/trades", {
      headers,
      data: {
        side: "sell",
        type: "oco",
        quantity: "0.1",
        price: (bid + 0.3).toFixed(2),
        stopPrice: (last - 0.3).toFixed(2),
        limitPrice: (last - 500).toFixed(2),
      },
    });
    if (res.status() === 201) placed = (await res.json()) as typeof placed;
  }
  expect(placed?.orders).toHaveLength(2);

  // One of the pair fills and the other is cancelled, exactly so...
  const pairStatus = async () => {
    const history = await page.request.get("/api/trades/user", { headers });
    const { orders } = (await history.json()) as { orders: { status: string; ocoId: string | null }[] };
    return orders
      .filter((o) => o.ocoId === placed!.orders[0]!.ocoId)
      .map((o) => o.status)
      .sort();
  };
  await expect.poll(pairStatus, { timeout: 90_000 }).not.toEqual(["open", "open"]);
  expect(await pairStatus()).toEqual(["cancelled", "filled"]);
  // ...and the screen, never reloaded, shows no open order and the fill among the recent trades.
  await expect(open).toHaveCount(0);
  const recent = page.getByRole("list", { name: "Recent trades" }).getByTestId("order");
  await expect(recent.filter({ hasText: /OCO (limit|stop-limit) sell/ }).filter({ hasText: "filled" })).toHaveCount(1);
});
