import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { apiRegister, signIn } from "./helpers";

/** The code an authenticator app would show for this secret now, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

test("enrol two-factor from the security centre, save the recovery codes, sign out and sign in with the second step", async ({
  page,
}) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByLabel("Your password").fill(user.password);
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  // The key as a person would type it into the app: spaces are for reading.
  const secret = ((await section.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const badge = page.getByTestId("unread-badge");
  const unreadBefore = (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
  await section.getByLabel("Code from your app").fill(codeFor(secret));
  await section.getByRole("button", { name: "Turn on" }).click();

  const codes = section.getByTestId("recovery-code");
  await expect(codes).toHaveCount(10);
  await expect(section.getByRole("button", { name: "Done" })).toBeDisabled();
  // The notice that two-factor is on has arrived (the badge counts it) but waits: nothing covers the codes.
  await expect(badge).toHaveText(String(unreadBefore + 1));
  const notice = page.getByRole("dialog", { name: "Two-factor sign-in is on" });
  await expect(notice).toHaveCount(0);
  await section.getByLabel("I have saved them").check();
  await section.getByRole("button", { name: "Done" }).click();
  await expect(section.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes left");
  // The codes put away, the notice opens.
  await notice.getByRole("button", { name: "Cancel" }).click();
  await expect(notice).toHaveCount(0);

  await page.goto("/profile");
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeVisible();
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  // The code that turned it on is used up: the app's next one signs in (inside the ±1 step window).
  await codeField.fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Login successful");
  await page.waitForURL((url) => url.pathname !== "/login");
  await page.goto("/security-management");
  await expect(page.getByRole("region", { name: "Two-factor sign-in" }).getByTestId("two-factor-status")).toContainText(
    "On",
  );
});
