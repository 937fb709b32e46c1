import { expect, test, type Page } from "@playwright/test";
import { apiRegister, signIn } from "./helpers";

/** Signs a fresh user in on /market and waits until the page's socket is registered (the header's dot says Live). */
async function liveOnMarket(page: Page) {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password, "/market");
  await expect(page.getByRole("heading", { name: "Tether Gold Market" })).toBeVisible();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  return user;
}

const panelOf = (page: Page) => page.getByRole("region", { name: "Price alerts" });

/**
 * Sets alerts a cent either side of the feed's last price through the API, as the user's page would.
 * The simulated feed moves every 1.5 s: one already crossed is refused with the price now (422), and
 * is set again from the new last price. Returns how many were set.
 */
async function setNearAlerts(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem("token")!);
  const headers = { Authorization: `Bearer ${token}` };
  let set = 0;
  for (const [direction, step] of [
    ["above", 1],
    ["below", -1],
  ] as const) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const ticker = await page.request.get("/api/xaut/ticker", { headers });
      const { price } = ((await ticker.json()) as { ticker: { price: string } }).ticker;
      const cents = Math.round(Number(price) * 100) + step;
      const res = await page.request.post("/api/alerts", {
        headers,
        data: { direction, price: (cents / 100).toFixed(2), note: `just ${direction}` },
      });
      if (res.status() === 201) {
        set++;
        break;
      }
      expect(res.status(), await res.text()).toBe(422);
    }
  }
  return set;
}

test("an alert set from the chart draws its line; one set from the form fires when the price crosses it, with the dialog", async ({
  page,
}) => {
  await liveOnMarket(page);
  const panel = panelOf(page);
  await expect(panel.getByText("No alerts yet.")).toBeVisible();

  // From the chart: a click at a price fills the form with it, on the side it lies from the last price.
  const chart = page.getByTestId("price-chart");
  await chart.hover();
  await expect(chart).toHaveAttribute("data-chart", "interactive");
  const box = (await chart.boundingBox())!;
  await chart.click({ position: { x: box.width * 0.4, y: box.height * 0.15 } });
  const price = panel.getByLabel("Price (USDT per XAUt)");
  await expect(price).toHaveValue(/^\d+\.\d{2}$/);
  await panel.getByLabel("Note (optional)").fill("from the chart");
  await panel.getByRole("button", { name: "Set alert" }).click();
  await expect(panel.getByTestId("alert-active")).toHaveCount(1);
  await expect(panel.getByTestId("alert-active")).toContainText("from the chart");
  await expect(chart).toHaveAttribute("data-alert-lines", "1");
  await page.screenshot({ path: "/tmp/aurum-alerts-market-390.png", fullPage: true });

  // A cent either side of the price: the feed's next moves cross one of them.
  expect(await setNearAlerts(page)).toBeGreaterThan(0);
  const dialog = page.getByRole("dialog", { name: "Price alert" });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toContainText(/XAUt (rose|fell) to [\d,]+\.\d{2} USDT, reaching your alert (above|below)/);
  await expect(dialog).toContainText(/Your note: just (above|below)/);
  await page.screenshot({ path: "/tmp/aurum-alerts-dialog-390.png" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // The other near alert may fire too, its dialog over what comes next: deleted, and its dialog
  // closed if it fired before that.
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token")!)}` };
  const { alerts } = (await (await page.request.get("/api/alerts", { headers })).json()) as {
    alerts: { id: string; status: string; note: string | null }[];
  };
  for (const a of alerts.filter((a) => a.status === "active" && a.note?.startsWith("just ")))
    await page.request.delete(`/api/alerts/${a.id}`, { headers });
  for (let i = 0; i < 2; i++) {
    await page.waitForTimeout(1_000);
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Cancel" }).click();
  }

  // The list has it among the fired ones, with the price it crossed at; the chart draws a line for
  // each alert still active, and none for a fired one.
  await expect(panel.getByTestId("alert-fired").first()).toContainText(/Fired at [\d,]+\.\d{2} USDT/);
  const linesMatchActive = async () =>
    (await chart.getAttribute("data-alert-lines")) === String(await panel.getByTestId("alert-active").count());
  await expect.poll(linesMatchActive).toBe(true);

  // Deleting the chart's alert takes its line away.
  const fromChart = panel.getByTestId("alert-active").filter({ hasText: "from the chart" });
  await fromChart.getByRole("button", { name: /^Delete alert/ }).click();
  await expect(fromChart).toHaveCount(0);
  await expect.poll(linesMatchActive).toBe(true);
  await page.screenshot({ path: "/tmp/aurum-alerts-fired-390.png", fullPage: true });
});

test("at 1280×800 the alerts sit beside the chart on /market and open under Trade's chart, which still fits one screen", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await liveOnMarket(page);
  await expect(panelOf(page).getByText("No alerts yet.")).toBeVisible();
  await page.screenshot({ path: "/tmp/aurum-alerts-market-1280.png" });

  await page.goto("/trade");
  const toggle = page.getByRole("button", { name: /^Price alerts/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
  // Keyboard: the toggle opens the panel, whose price field takes the typed price.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = panelOf(page);
  await panel.getByText("Falls to", { exact: true }).click();
  await panel.getByLabel("Price (USDT per XAUt)").fill("1000.00");
  await panel.getByLabel("Price (USDT per XAUt)").press("Enter");
  await expect(panel.getByTestId("alert-active")).toContainText("1,000.00 USDT");
  await expect(page.getByTestId("price-chart")).toHaveAttribute("data-alert-lines", "1");
  await page.screenshot({ path: "/tmp/aurum-alerts-trade-1280.png" });
  await context.close();
});
