import { expect, test } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

test("an administrator's balance credit shows in the user's account activity as Aurum support, with its reason", async ({
  page,
  request,
}) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  const section = page.getByRole("region", { name: "Account activity" });
  await expect(section.getByText("Nothing yet.")).toBeVisible();

  await credit(request, user.username, "1234.5");
  await page.reload();
  const event = section.getByTestId("activity-event").filter({ hasText: "Balance credited" });
  await expect(event).toContainText("Aurum support credited 1,234.50 USDT to your available balance.");
  await expect(event).toContainText("Reason: e2e funding");
  await expect(event).toContainText("Aurum support");
  await expect(event).not.toContainText("admin");

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/aurum-account-activity-${width}.png` });
  }
});

test("the choices switch money mail off and on, and say what always comes", async ({ page }) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  const section = page.getByRole("region", { name: "What reaches you" });
  await expect(section).toContainText("Sign-in from a new device");
  await expect(section.getByRole("checkbox", { name: "Security by email (always on)" })).toBeDisabled();
  await expect(section.getByRole("checkbox", { name: "Security by email (always on)" })).toBeChecked();
  const box = section.getByRole("checkbox", { name: "Money by email" });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByTestId("toast")).toHaveText("Your notification choices are saved");
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByTestId("toast")).toHaveText("Your notification choices are saved");
  await page.reload();
  await expect(box).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/aurum-mail-preference-390.png" });
});
