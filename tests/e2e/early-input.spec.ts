import { expect, test, type Page } from "@playwright/test";
import { apiRegister, credit, fillRegistration, signIn } from "./helpers";

/**
 * Holds back the page's scripts until `release` is called, as a slow phone network does: the
 * server's HTML is on screen and can be typed into before React has hydrated it.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a strategy typed before the page's scripts ran starts with what was typed", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await signIn(page, user.username, user.password);

  const release = await holdScripts(page);
  await page.goto("/ai-trading", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "New strategy" });
  await form.getByLabel("USDT each round").fill("50");
  await form.getByLabel("End after rounds (optional)").fill("4");
  release();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  // The amount counts: the only refusal left is the risk statement's.
  await form.getByRole("button", { name: "Start strategy" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "Please read and accept the risk statement before your first strategy",
  );
  await form.getByLabel("I have read and accept the risk statement").check();
  await form.getByRole("button", { name: "Start strategy" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Strategy started: its budget is reserved");
  await expect(page.getByRole("article", { name: "Recurring buy: 50.00 USDT every day" })).toContainText("running");
});

test("a registration filled in before the page's scripts ran registers what was filled in", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/register", { waitUntil: "commit" });
  const username = await fillRegistration(page, "early");
  release();
  const register = page.getByRole("button", { name: "Register" });
  await expect(register).toBeEnabled();
  // The dial code follows the country chosen before the scripts ran.
  await expect(page.getByTestId("dial-code")).toHaveText("+33");
  await register.click();
  await expect(page.getByTestId("toast")).toHaveText("Registration successful");
  await expect(page.getByTestId("signed-in-user")).toHaveText(username);
});
