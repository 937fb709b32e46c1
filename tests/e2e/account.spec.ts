import { expect, test } from "@playwright/test";
import { apiRegister, signIn } from "./helpers";

test("a session revoked from the security centre is signed out in the other browser", async ({ browser }) => {
  const laptop = await browser.newContext();
  // Another browser, told apart in the list by its user agent.
  const phone = await browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  });
  const user = await apiRegister(laptop.request);
  const here = await laptop.newPage();
  const there = await phone.newPage();
  await signIn(here, user.username, user.password);
  await expect(here.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await signIn(there, user.username, user.password);
  // The laptop hears at once of the sign-in from a browser the account never used.
  const notice = here.getByRole("dialog", { name: "Sign-in from a new device" });
  await expect(notice).toContainText("Firefox 133 on Linux");
  await notice.getByRole("button", { name: "Cancel" }).click();

  await here.goto("/security-management");
  const sessions = here.getByTestId("session");
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  const firefox = sessions.filter({ hasText: "Firefox 133 on Linux" });
  await expect(firefox).toHaveCount(1);
  // An IPv4 address reads as one, without the "::ffff:" of a dual-stack socket.
  await expect(firefox).toContainText(/(127\.0\.0\.1|::1) · signed in/);
  await expect(here.getByTestId("session-list")).not.toContainText("::ffff:");
  await firefox.getByRole("button", { name: /^Sign out/ }).click();
  await expect(here.getByTestId("toast")).toHaveText("Session signed out");
  await expect(firefox).toHaveCount(0);

  await there.goto("/profile");
  await expect(there).toHaveURL(/\/login/, { timeout: 15_000 });
  await here.goto("/profile");
  await expect(here.getByRole("heading", { name: "Profile" })).toBeVisible();
  await laptop.close();
  await phone.close();
});

test("the invitation link prefills the referral code on Register", async ({ page, browser }) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Invite Friends" }).click();
  const code = (await page.getByTestId("referral-code").textContent())!.trim();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  expect(link).toMatch(new RegExp(`/register\\?ref=${code}$`));
  await expect(page.getByRole("img", { name: "QR code of your invitation link" })).toBeVisible();

  const friend = await browser.newContext();
  const visitor = await friend.newPage();
  await visitor.goto(link);
  await expect(visitor.getByLabel(/Referral code/)).toHaveValue(code);
  await friend.close();
});

test("personal info saves, and a password change keeps this session", async ({ page }) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/personal-info");
  await page.getByLabel("Phone number").fill("7700900999");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Personal info saved");

  await page.goto("/security-management");
  await page.getByLabel("Current password", { exact: true }).fill(user.password);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass");
  await page.getByLabel("Confirm new password", { exact: true }).fill("brand-new-pass");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Password changed. Your other sessions were signed out.");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
});
