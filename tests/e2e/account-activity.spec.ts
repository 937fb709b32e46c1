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

test("the mail switch turns deposit and withdrawal mail off and on, and says what always comes", async ({ page }) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await page.goto("/security-management");
  const section = page.getByRole("region", { name: "Email" });
  await expect(section).toContainText("Sign-in from a new device");
  const box = section.getByRole("checkbox", { name: /Mail me about deposits and withdrawals/ });
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByTestId("toast")).toHaveText(
    "Mail about deposits and withdrawals is off; security mail still comes",
  );
  await page.reload();
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByTestId("toast")).toHaveText("You will get mail about deposits and withdrawals");
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/aurum-mail-preference-390.png" });
});
