import { expect, test } from "@playwright/test";
import { adminToken, apiRegister, signIn } from "./helpers";

test("an anti-phishing code set in the security centre shows in a notification from Aurum", async ({
  page,
  request,
}) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  // The notice of the change comes over the socket: it must be registered before the change is made.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const section = page.getByRole("region", { name: "Anti-phishing code" });
  await section.getByLabel("Code", { exact: true }).fill("Gold Key-42");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Anti-phishing code saved");
  // The notice of the change itself arrives with the code: close it first.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("anti-phishing-line")).toHaveText("Code: Gold Key-42");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // Masked until asked for.
  await expect(section.getByTestId("anti-phishing-code")).toHaveText("•••••••••••");
  await section.getByRole("button", { name: "Show" }).click();
  await expect(section.getByTestId("anti-phishing-code")).toHaveText("Gold Key-42");

  // The admin signs in from a context of its own: the page's would take over this browser's cookie.
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const found = await request.get(`/api/admin/users?q=${user.username}`, { headers });
  const [target] = (await found.json()).users as { id: string }[];
  const sent = await request.post("/api/admin/notifications", {
    headers,
    data: { userId: target!.id, title: "Account review", message: "Your account review is complete." },
  });
  expect(sent.status()).toBe(201);
  await expect(dialog.getByRole("heading", { name: "Account review" })).toBeVisible();
  await expect(dialog.getByTestId("anti-phishing-line")).toHaveText("Code: Gold Key-42");
  await dialog.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(/\/notifications/);
  const item = page.getByTestId("notification").filter({ hasText: "Account review" });
  await expect(item.getByTestId("anti-phishing-line")).toHaveText("Code: Gold Key-42");
});

test("the login history lists sign-ins and failed attempts", async ({ page }) => {
  const user = await apiRegister(page.request);
  const wrong = await page.request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: "not-the-password" },
  });
  expect(wrong.status()).toBe(401);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  const attempts = page.getByRole("region", { name: "Login history" }).getByTestId("login-attempt");
  await expect(attempts).toHaveCount(2);
  await expect(attempts.first()).toContainText("Signed in");
  await expect(attempts.first()).toContainText(/Chrome \d+ on Linux/);
  await expect(attempts.nth(1)).toContainText("Wrong password");
});

test("freezing the account from the browser signs it out and keeps it out", async ({ page }) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  await page.getByRole("button", { name: "Freeze my account" }).click();
  const confirm = page.getByRole("dialog", { name: "Freeze your account?" });
  await expect(confirm).toContainText("Only Aurum support can unfreeze it.");
  // Cancel changes nothing.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Freeze my account" }).click();
  await confirm.getByLabel("Your password").fill("not-the-password");
  await confirm.getByRole("button", { name: "Freeze account", exact: true }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Not correct");
  await confirm.getByLabel("Your password").fill(user.password);
  await confirm.getByRole("button", { name: "Freeze account", exact: true }).click();

  await expect(page).toHaveURL(/\/login\?frozen=1/);
  await expect(page.getByTestId("frozen-notice")).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText(
    "This account is frozen. Contact Customer Service to unfreeze it.",
  );
  await expect(page).toHaveURL(/\/login/);
});
