import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminToken, apiRegister, approveAsChecker, signIn, signInAsAdmin } from "./helpers";

// Issue 23, items 9 and 10, and the loose ends of item 7: the admin area on a phone, audit details as
// changes, and the small things (a long site name, the 404's brand, toasts, a wrapped button, the grid
// form's refusal). This file runs in the desktop project (its name ends in "admin"); the phone's
// checks set their own viewport.
const PHONE = { width: 390, height: 844 };

async function userIdOf(request: APIRequestContext, username: string): Promise<string> {
  const found = await request.get(`/api/admin/users?q=${username}`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  return ((await found.json()).users as { id: string }[])[0]!.id;
}

/** Per-user trading overrides through the API (proposed and approved): an audited edit with a before and an after. */
async function overrideTradeConfig(request: APIRequestContext, userId: string) {
  const res = await request.put(`/api/admin/users/${userId}/trade-config`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { enabled: null, feeBps: 15, spreadBps: null, minQuantity: null, maxQuantity: null, dailyLimit: "5000" },
  });
  // A user's fee and limits wait for a second administrator: the checker approves.
  expect(res.status(), await res.text()).toBe(202);
  expect(await approveAsChecker(request, res)).toBe(200);
}

/** The page is no wider than its viewport, and no table runs past it (clipped in a scroll box or not). */
async function expectFits(page: Page, what: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tables = [...document.querySelectorAll("table")].filter(
      (t) => t.getBoundingClientRect().right > width + 0.5 || t.scrollWidth > t.clientWidth + 1,
    );
    return {
      page: document.documentElement.scrollWidth - width,
      tables: tables.map((t) => t.getAttribute("aria-label") ?? t.outerHTML.slice(0, 80)),
    };
  });
  expect(overflow.page, `${what} is wider than the viewport`).toBeLessThanOrEqual(0);
  expect(overflow.tables, `${what} has tables wider than the viewport`).toEqual([]);
}

/** A toast that has appeared does not cover the page's title. */
async function expectToastClearOfTitle(page: Page) {
  const toast = (await page.getByTestId("toast").boundingBox())!;
  // The title's words, not its block: a heading's box spans the whole column however short it is.
  const title = await page.getByRole("heading", { level: 1 }).evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
  const apart =
    toast.y + toast.height <= title.y ||
    title.y + title.height <= toast.y ||
    toast.x + toast.width <= title.x ||
    title.x + title.width <= toast.x;
  expect(apart, `the toast ${JSON.stringify(toast)} covers the title ${JSON.stringify(title)}`).toBe(true);
}

/** The lines a piece of text is laid out on. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the admin's tables are cards of label and value, and no admin screen is wider than the phone", async ({
    page,
    request,
  }) => {
    const user = await apiRegister(request);
    const userId = await userIdOf(request, user.username);
    await overrideTradeConfig(request, userId);
    await signInAsAdmin(page);

    await page.goto(`/admin/users?q=${user.username}`);
    const row = page.getByRole("row").filter({ hasText: user.username });
    const name = row.getByRole("rowheader");
    const email = row.getByRole("cell").first();
    await expect(email).toHaveText(user.email);
    // A card: each value on its own line under the one before, labelled with its column.
    expect((await email.boundingBox())!.y).toBeGreaterThan((await name.boundingBox())!.y + 10);
    expect(await email.evaluate((td) => getComputedStyle(td, "::before").content)).toContain("Email");
    await expectFits(page, "/admin/users");

    for (const path of [
      "/admin",
      `/admin/users/${userId}`,
      "/admin/deposits",
      "/admin/withdrawals",
      "/admin/approvals",
      "/admin/outbox",
      "/admin/wallets",
      "/admin/saving-plans",
      "/admin/proof",
      "/admin/setting",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectFits(page, path);
    }
  });

  test("an audit detail reads as changes on a phone too", async ({ page, request }) => {
    const user = await apiRegister(request);
    await overrideTradeConfig(request, await userIdOf(request, user.username));
    await signInAsAdmin(page);
    await page.goto("/admin?action=user.trade_config");
    const detail = page
      .getByRole("row")
      .filter({ hasText: user.username })
      .first()
      .getByRole("cell", { name: /Daily trading limit/ });
    await expect(detail).toContainText("Daily trading limit: — → 5,000.00 USDT");
    await expect(detail).not.toContainText("{");
    await expectFits(page, "/admin");
  });

  test("a renamed site's long name is shown whole in the header, with room beside it", async ({ page, request }) => {
    const siteName = "Aurum Gold Vault";
    const saved = await request.put("/api/settings/config", {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { siteName },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const user = await apiRegister(request);
    await signIn(page, user.username, user.password);
    await page.goto("/");
    const name = page.getByRole("banner").getByTestId("site-name");
    await expect(name).toHaveText(siteName);
    // Not cut: all of it laid out inside its own box, and clear of the header's buttons.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(
      true,
    );
    const [box, live] = [(await name.boundingBox())!, (await page.getByTestId("live-status").boundingBox())!];
    expect(box.x + box.width).toBeLessThanOrEqual(live.x);
  });

  test("a toast sits clear of the page's title, and Freeze account stays on one line", async ({ page, request }) => {
    const user = await apiRegister(request);
    await signIn(page, user.username, user.password);
    await page.goto("/personal-info");
    await page.getByRole("button", { name: "Save" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText("Personal info saved");
    await expectToastClearOfTitle(page);

    await page.goto("/security-management");
    await page.getByRole("button", { name: "Freeze my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Freeze your account?" });
    await dialog.getByLabel("Your password").fill("anything");
    await expect(dialog.getByRole("button", { name: "Freeze account", exact: true })).toBeEnabled();
    expect(await linesOf(page, "dialog[open] button[type=submit]")).toBe(1);
  });

  test("the grid form's refusal is shown beside the field it concerns", async ({ page, request }) => {
    const user = await apiRegister(request);
    await signIn(page, user.username, user.password);
    const { ticker } = (await (
      await page.request.get("/api/xaut/ticker", {
        headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
      })
    ).json()) as { ticker: { price: string } };
    const price = Math.floor(Number(ticker.price));
    await page.goto("/ai-trading");
    const form = page.getByRole("form", { name: "New strategy" });
    await form.getByText("Grid", { exact: true }).click();
    await form.getByLabel("Lowest price (USDT)").fill(String(price - 200));
    await form.getByLabel("Highest price (USDT)").fill(String(price - 20));
    await form.getByLabel("Investment (USDT)").fill("5000");
    await form.getByLabel("I have read and accept the risk statement").check();
    await form.getByRole("button", { name: "Start strategy" }).click();
    // This user has no USDT: the refusal is the investment's.
    await expect(form.getByLabel("Investment (USDT)")).toHaveAccessibleDescription("Insufficient USDT balance");
  });
});

test("at 1280 px the admin's lists are real tables, numbers right-aligned, and audit details read as changes", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await overrideTradeConfig(request, await userIdOf(request, user.username));
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${user.username}`);
  const users = page.getByRole("table", { name: "Users" });
  await expect(users.getByRole("columnheader")).toHaveText(["Username", "Email", "Phone", "Role", "Status", "Joined"]);
  const row = users.getByRole("row").filter({ hasText: user.username });
  // One line per user, the date column right-aligned in tabular figures.
  const [name, joined] = [row.getByRole("rowheader"), row.getByRole("cell").last()];
  expect(Math.abs((await name.boundingBox())!.y - (await joined.boundingBox())!.y)).toBeLessThan(2);
  expect(
    await joined.evaluate((td) => [getComputedStyle(td).textAlign, getComputedStyle(td).fontVariantNumeric]),
  ).toEqual(["right", "tabular-nums"]);

  await page.goto("/admin?action=user.trade_config");
  const detail = page
    .getByRole("row")
    .filter({ hasText: user.username })
    .first()
    .getByRole("cell", { name: /Daily trading limit/ });
  await expect(detail).toContainText("Daily trading limit: — → 5,000.00 USDT");
  await expect(detail).toContainText("Trading fee: — → 0.15\u00a0%");
  await expect(detail).not.toContainText("{");
  await expectFits(page, "/admin");
});

test("at 1280 px a toast sits clear of the title, in the user's area and the admin's", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/personal-info");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Personal info saved");
  await expectToastClearOfTitle(page);

  await signInAsAdmin(page);
  // The admin area has no header above its titles: a refused new wallet's toast must still clear them.
  await page.goto("/admin/wallets");
  await page.getByRole("button", { name: "Add wallet" }).click();
  await expect(page.getByTestId("toast")).toBeVisible();
  await expectToastClearOfTitle(page);
});

test("the 404 page names the site once", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  const siteName = (await page.getByTestId("site-name").first().textContent())!;
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.split(siteName).length - 1, `"${siteName}" on the 404 page`).toBe(1);
});
