import { expect, test } from "@playwright/test";
import { adminSession, apiRegister, checkerToken, credit, signIn, signInAsAdmin } from "./helpers";

test("a user cannot open /admin, and the admin API answers 403", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const res = await request.get("/api/admin/users", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test("the bootstrap admin opens the admin dashboard", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});

test("an admin finds a user, resets the password, and renames the site", async ({ browser, page }) => {
  const userContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const userPage = await userContext.newPage();
  const user = await apiRegister(userPage.request);
  await signIn(userPage, user.username, user.password);

  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(user.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: user.username }).click();
  await page.getByLabel("New password (signs the user out everywhere)").fill("reset-by-admin");
  await page.getByRole("button", { name: "Reset" }).first().click();
  await expect(page.getByTestId("reset-password-result")).toHaveText(
    "Password reset. The user has been signed out everywhere.",
  );

  // The user's open session has ended; the new password works.
  await userPage.reload();
  await expect(userPage).toHaveURL(/\/login$/);
  await signIn(userPage, user.username, "reset-by-admin");
  await expect(userPage.getByTestId("signed-in-user")).toHaveText(user.username);

  const siteName = `Gold House ${Date.now() % 10_000}`;
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Site name").fill(siteName);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-result")).toHaveText("Settings saved");

  const visitor = await browser.newPage();
  await visitor.goto("/login");
  await expect(visitor.getByTestId("site-name")).toHaveText(siteName);

  // The audit log on the dashboard shows both actions.
  await page.goto("/admin?action=user.password");
  await expect(page.getByRole("cell", { name: "user.password.reset" }).first()).toBeVisible();
  await page.goto("/admin?action=settings");
  await expect(page.getByRole("cell", { name: "settings.update" }).first()).toBeVisible();
});

test("making an administrator asks for a confirmation and a reason, which the second administrator reads", async ({
  page,
  request,
}) => {
  // Two administrators exist, so the appointment becomes a proposal.
  await checkerToken(request);
  const user = await apiRegister(request);
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(user.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: user.username }).click();

  await page.getByRole("button", { name: "Make administrator" }).click();
  const confirm = page.getByRole("form", { name: "Make administrator" });
  await expect(confirm).toContainText("Every session of this user is signed out.");
  const submit = confirm.getByRole("button", { name: "Confirm: make administrator" });
  await expect(submit).toBeDisabled();
  // Cancel leaves everything as it was.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Make administrator" }).click();
  await page.getByLabel("Reason (kept in the audit log and shown to the user)").fill("Covers support at night");
  await submit.click();
  await expect(page.getByTestId("role-result")).toHaveText(
    `Waiting for a second administrator to approve: Make ${user.username} an administrator`,
  );
  await page.goto("/admin/approvals");
  await expect(page.getByText("Covers support at night").first()).toBeVisible();
});

test("the users list filters by role and status", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  const search = async (role: string, status: string) => {
    await page.getByLabel("Search users").fill(user.email);
    await page.getByLabel("Role").selectOption(role);
    await page.getByLabel("Status").selectOption(status);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`role=${role}&status=${status}`));
  };
  await search("user", "active");
  await expect(page.getByRole("link", { name: user.username })).toBeVisible();
  // The form shows the filters the list was made with.
  await expect(page.getByLabel("Role")).toHaveValue("user");
  await search("admin", "active");
  await expect(page.getByText("No users match this search.")).toBeVisible();
  await search("user", "disabled");
  await expect(page.getByText("No users match this search.")).toBeVisible();
  await search("", "");
  await expect(page.getByRole("link", { name: user.username })).toBeVisible();
});

test("the audit log reads in words and filters by action, administrator and dates", async ({ page, request }) => {
  const user = await apiRegister(request);
  const userId = await credit(request, user.username, "25");
  const admin = (await adminSession(request)).user.username;
  await signInAsAdmin(page);
  const today = new Date().toISOString().slice(0, 10);
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption({ label: "Adjusted a balance" });
  await filters.getByLabel("Administrator").selectOption(admin);
  await filters.getByLabel("From").fill(today);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?action=user\\.balance\\.adjust&actor=${admin}&from=${today}`));
  const log = page.getByRole("table", { name: "Audit log" });
  const row = log.getByRole("row").filter({ hasText: user.username });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(2)).toContainText("Adjusted a balance");
  // The target by name, its raw id on hover, leading to the user.
  const target = row.getByRole("link", { name: user.username });
  await expect(target).toHaveAttribute("title", `user ${userId}`);
  await expect(target).toHaveAttribute("href", `/admin/users/${userId}`);
  // Every row kept is that action by that administrator.
  const actions = await log.locator("tbody tr td:nth-child(3)").allTextContents();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) expect(action).toContain("Adjusted a balance");
  await expect(filters.getByLabel("Action")).toHaveValue("user.balance.adjust");

  // A range that ended yesterday keeps nothing of today's; one that ends before it starts is refused.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/admin?action=user.balance.adjust&from=${yesterday}&to=${yesterday}`);
  await expect(page.getByText("No actions match these filters.")).toBeVisible();
  await page.goto(`/admin?from=${today}&to=${yesterday}`);
  await expect(page.getByRole("alert").filter({ hasText: "from must be before to" })).toBeVisible();
});
