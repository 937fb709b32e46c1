import { expect, test, type Locator } from "@playwright/test";
import { apiRegister, signIn } from "./helpers";

/** Pixels of the chart's canvases in the candles' up (green) and down (red) colours: candles actually drawn. */
function candlePixels(chart: Locator): Promise<number> {
  return chart.evaluate((el) => {
    let count = 0;
    for (const canvas of el.querySelectorAll("canvas")) {
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        const up = Math.abs(r - 74) < 12 && Math.abs(g - 222) < 12 && Math.abs(b - 128) < 12;
        const down = Math.abs(r - 248) < 12 && Math.abs(g - 113) < 12 && Math.abs(b - 113) < 12;
        if (up || down) count++;
      }
    }
    return count;
  });
}

/** Candles drawn in the picture the page shows first: the rectangles of its visible paths, two per candle. */
function pictureCandles(chart: Locator): Promise<number> {
  return chart.evaluate((el) => {
    const paths = [...el.querySelectorAll("svg path[data-candles]")].filter(
      (p) => (p as SVGPathElement).getBoundingClientRect().width > 0,
    );
    return paths.reduce((n, p) => n + (p.getAttribute("d")?.match(/M/g)?.length ?? 0), 0) / 2;
  });
}

const PRICE = /^\d{1,3}(,\d{3})*\.\d{2}$/;

test("a fresh install shows a live, moving XAUt price on Home and a candlestick chart on /market", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("home-xaut-price")).toHaveText(PRICE);

  await page.getByRole("link", { name: "Market", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Tether Gold Market" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Market", exact: true })).toHaveAttribute("aria-current", "page");
  const chart = page.getByTestId("price-chart");
  await expect(chart).toHaveAttribute("data-candle-count", /^30\d$/);
  // First a picture drawn with the page: the latest 60 candles, without the charting library's code.
  await expect(chart).toHaveAttribute("data-chart", "picture");
  expect(await pictureCandles(chart)).toBe(60);

  // Live: price events reach the chart, and the last price moves.
  const lastPrice = page.getByTestId("last-price");
  await expect(lastPrice).toHaveText(PRICE);
  const first = (await lastPrice.textContent())!;
  await expect(chart).toHaveAttribute("data-live-updates", /^[1-9]\d*$/);
  await expect(lastPrice).not.toHaveText(first, { timeout: 20_000 });

  // Reached for, the interactive chart takes its place with the same candles, and follows the price.
  await chart.hover();
  await expect(chart).toHaveAttribute("data-chart", "interactive");
  await expect(chart).toHaveAttribute("data-candle-count", /^30\d$/);
  await expect.poll(() => candlePixels(chart)).toBeGreaterThan(1000);
  // (The running candle is drawn once as the chart is made; the second is a price event after.)
  await expect(chart).toHaveAttribute("data-live-updates", /^([2-9]|\d{2,})$/);
  await expect(page.getByText("24h high")).toBeVisible();

  // Another interval: 90 days of history, ending when the server first started, touch 90 or 91 UTC
  // days; one more when the live feed has since crossed midnight (a run that spans 00:00 UTC).
  await page.getByRole("button", { name: "1 day" }).click();
  await expect(page.getByRole("button", { name: "1 day" })).toHaveAttribute("aria-pressed", "true");
  await expect(chart).toHaveAttribute("data-candle-count", /^9[012]$/);
  await expect.poll(() => candlePixels(chart)).toBeGreaterThan(500);
});
