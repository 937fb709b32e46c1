import { expect, test } from "@playwright/test";
import { apiRegister, credit, signIn, signInAsAdmin } from "./helpers";

test("an unknown address shows the site's own 404 with its header and a way home", async ({ page, request }) => {
  // Signed out too: a made-up address is no page, not a reason to sign in.
  const unknown = await page.goto("/no/such/page");
  expect(unknown?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await expect(page.getByTestId("site-name")).toBeVisible();
  await page.getByRole("link", { name: /Back to/ }).click();
  await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);
});

test("an empty sign-in form says what is missing", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Please enter your username or email");
  await page.getByLabel("Username or email").fill("someone");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Please enter your password");
});

test("a signed-in user opening /login is sent home", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);
});

test("Home follows an admin credit without a reload", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await expect(page.getByTestId("balance-USDT")).toContainText("0.00");
  // A reload would lose this mark: the page must change in place.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await credit(request, user.username, "321.5");
  await expect(page.getByTestId("balance-USDT")).toContainText("321.50", { timeout: 5_000 });
  await expect(page.getByTestId("total-assets")).toContainText("321.50");
  // Grouped and to the cent, the exact amount on hover; no zero rows for assets that cannot be funded here.
  await credit(request, user.username, "12000");
  await expect(page.getByTestId("balance-USDT")).toContainText("12,321.50", { timeout: 5_000 });
  await expect(page.getByTestId("balance-USDT").getByTitle("12,321.500000 USDT")).toBeVisible();
  await expect(page.getByTestId("balance-BTC")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
});

test("the site's name is in every title, the header fits a long name, and there is an icon and a web app manifest", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await page.goto("/login");
  expect(await page.title()).toMatch(/^Sign in · /);
  const siteName = (await page.getByTestId("site-name").textContent())!;
  expect(await page.title()).toBe(`Sign in · ${siteName}`);
  await expect(page.getByText(`New to ${siteName}?`)).toBeVisible();
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect((await manifest.json()).name).toBe(siteName);
  const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect((await request.get(icon!)).status()).toBe(200);

  await signIn(page, user.username, user.password);
  const header = page.getByRole("banner");
  const box = await header.boundingBox();
  // One line of header: no wrapping onto several, whatever the name.
  expect(box!.height).toBeLessThan(80);
});

test("Terms, Privacy and Legality open beside the registration form, which keeps what was typed", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username").fill("keeps_this");
  const [terms] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Terms of Service" }).click(),
  ]);
  await expect(terms.getByRole("heading", { name: "Terms of Service" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue("keeps_this");
  for (const [path, heading] of [
    ["/privacy", "Privacy Policy"],
    ["/legality", "Legality"],
  ] as const) {
    await terms.goto(path);
    await expect(terms.getByRole("heading", { name: heading })).toBeVisible();
  }
});

test("Records open on every transaction, and the market offers a way to trade", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/record");
  await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "page");
  await page.goto("/market");
  await page.getByRole("link", { name: "Trade XAUt" }).click();
  await expect(page).toHaveURL(/\/trade$/);
});

test("the admin area fits a phone: the menu opens from a button, tables are cards, audit details read as changes", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "25");
  await signInAsAdmin(page);
  const screens = [
    "/admin",
    "/admin/users",
    `/admin/users/${userId}`,
    "/admin/deposits",
    "/admin/withdrawals",
    "/admin/wallets",
    "/admin/saving-plans",
    "/admin/create-notifications",
    "/admin/setting",
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${path} is wider than the phone`,
    ).toBeLessThanOrEqual(390);
  }
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await nav.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  // The credit above is in the audit log as its fields, not as JSON.
  await page.goto("/admin");
  const detail = page.getByRole("row").filter({ hasText: "user.balance.adjust" }).first().getByRole("cell").nth(4);
  await expect(detail).toContainText(/Amount: [\d,]+\.\d+ (USDT|XAUt)/);
  await expect(detail).not.toContainText("{");
});

test("records show what an entry is, never a raw id, and lead to its order", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  await signIn(page, user.username, user.password);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const placed = await request.post("/api/trades", {
    headers: { Authorization: `Bearer ${token}` },
    data: { side: "buy", type: "market", quantity: "0.01" },
  });
  const orderId = (await placed.json()).order.id as string;
  await page.goto("/records");
  const list = page.getByRole("list", { name: "Transactions" });
  await expect(list.getByTestId("transaction").first()).toBeVisible();
  const bought = list.getByTestId("transaction").filter({ hasText: /^Bought/ });
  await bought.getByRole("button", { name: /^Bought/ }).click();
  expect(await list.textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  await bought.getByRole("link", { name: "View the order" }).click();
  await expect(page).toHaveURL(new RegExp(`/record\\?tab=trades#order-${orderId}$`));
  await expect(page.locator(`#order-${orderId}`)).toContainText("Market buy");
});

test("on a slow network a tab is marked at once and the next screen's skeleton shows while it loads", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  // Every server round trip of a client-side navigation takes 1.5 s more (prefetches of the
  // screens' loading shells, done ahead of any click, are left alone).
  await page.route("**/*", async (route) => {
    const headers = route.request().headers();
    if (headers["rsc"] === "1" && !headers["next-router-prefetch"])
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Records" }).click();
  await expect(main.getByRole("link", { name: "Records" })).toHaveAttribute("aria-current", "page", { timeout: 500 });
  await expect(page.getByTestId("loading")).toBeVisible({ timeout: 1_000 });
  await expect(page.getByRole("heading", { name: "Records", level: 1 })).toBeVisible();
  await expect(page.getByTestId("loading")).toHaveCount(0);
});

test("the legal documents lead back: to registration and sign-in when signed out, Home when signed in", async ({
  page,
  request,
}) => {
  await page.goto("/terms");
  const back = page.getByRole("navigation", { name: "Back" });
  await expect(back.getByRole("link", { name: /Register/ })).toHaveAttribute("href", "/register");
  await back.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/privacy");
  await page.getByRole("navigation", { name: "Back" }).getByRole("link", { name: /Home/ }).click();
  await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);
});
