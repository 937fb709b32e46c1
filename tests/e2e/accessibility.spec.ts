import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { adminToken, apiRegister, credit, signIn } from "./helpers";

/** axe-core's WCAG checks on what the page shows now; any violation fails, named with where it is. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(found, `${what} has accessibility violations`).toEqual([]);
}

test("the public and signed-in screens pass axe's checks, with data on them and with the notification dialog open", async ({ page, request }) => {
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await expectAccessible(page, path);
  }

  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "5000");
  const login = await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.post("/api/trades", { headers, data: { side: "buy", type: "market", quantity: "0.25" } })).status()).toBe(201);
  expect((await request.post("/api/trades", { headers, data: { side: "buy", type: "limit", quantity: "0.1", price: "1000" } })).status()).toBe(201);

  const notify = async (title: string) => {
    const sent = await request.post("/api/admin/notifications", {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { title, message: "All bars counted.", userId },
    });
    expect(sent.status()).toBe(201);
  };
  // Unread in the centre (with its Mark read button), without a dialog: it was sent before sign-in.
  await notify("Welcome aboard");

  await signIn(page, user.username, user.password);
  for (const path of ["/", "/market", "/trade", "/records", "/record", "/notifications", "/profile"]) {
    await page.goto(path);
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    await expectAccessible(page, path);
  }

  await notify("Vault report");
  await expect(page.getByRole("dialog", { name: "Vault report" })).toBeVisible();
  await expectAccessible(page, "the notification dialog");
});

test("the admin screens pass axe's checks", async ({ browser, request }) => {
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "100");
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  for (const path of ["/admin", "/admin/users", `/admin/users/${userId}`, "/admin/setting", "/admin/create-notifications"]) {
    await page.goto(path);
    await expectAccessible(page, path);
  }
  await context.close();
});
