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

/** Whether the element's top is inside the window, below the sticky header. */
const inView = (el: Element) => {
  const { top } = el.getBoundingClientRect();
  return top >= 0 && top < window.innerHeight;
};

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Security's sections are a row of links that jump to each, all in view at 390 px", async ({ page }) => {
    const user = await apiRegister(page.request);
    await signIn(page, user.username, user.password);
    await page.goto("/security-management");
    const links = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
    await expect(links).toHaveText(["Sign-in", "Withdrawals", "Activity", "Mail and alerts", "Freeze"]);
    for (const box of await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
      expect(box.right).toBeLessThanOrEqual(390);
    }
    for (const [label, heading] of [
      ["Freeze", "Freeze account"],
      ["Activity", "Account activity"],
      ["Mail and alerts", "Anti-phishing code"],
      ["Withdrawals", /withdrawal password/],
    ] as const) {
      await links.filter({ hasText: label }).click();
      const target = page.getByRole("heading", { name: heading, level: 2 }).first();
      await expect.poll(() => target.evaluate(inView), { timeout: 10_000 }).toBe(true);
    }
    await expect(page).toHaveURL(/#withdrawals$/);
  });

  test("what Aurum support did leads from the notification, Home and the profile to the account activity", async ({
    page,
    request,
  }) => {
    const user = await apiRegister(page.request);
    await credit(request, user.username, "50");
    await signIn(page, user.username, user.password);
    const activity = page.getByRole("heading", { name: "Account activity", level: 2 });

    await page.goto("/notifications");
    const credited = page.getByTestId("notification").filter({ hasText: "Aurum support credited" });
    await credited.getByRole("link", { name: "See it in your account activity" }).click();
    await expect(page).toHaveURL(/\/security-management#activity$/);
    await expect.poll(() => activity.evaluate(inView), { timeout: 10_000 }).toBe(true);

    await page.goto("/");
    await page.getByRole("region", { name: "Your account" }).getByRole("link", { name: "Account activity" }).click();
    await expect(page).toHaveURL(/\/security-management#activity$/);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Account activity" }).click();
    await expect(page).toHaveURL(/\/security-management#activity$/);
    await expect.poll(() => activity.evaluate(inView), { timeout: 10_000 }).toBe(true);

    // Savings are one tap from a phone's Home.
    await page.goto("/");
    await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Savings" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Savings", level: 2 }).evaluate(inView)).toBe(true);
  });
});
