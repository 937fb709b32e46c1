import { expect, test, type Page } from "@playwright/test";
import { fillRegistration } from "./helpers";

// Each case breaks one rule of a valid form; the toast must carry that rule's exact text.
const cases: [string, (page: Page) => Promise<unknown>][] = [
  ["Please enter a username", (p) => p.getByLabel("Username").fill("")],
  ["Please enter an email address", (p) => p.getByLabel("Email").fill("")],
  ["Please select your country", (p) => p.getByLabel("Country").selectOption("")],
  ["Please enter your phone number", (p) => p.getByLabel("Phone number").fill("")],
  ["Please enter a password", (p) => p.getByLabel("Password", { exact: true }).fill("")],
  [
    "Password should be at least 6 characters long",
    async (p) => {
      await p.getByLabel("Password", { exact: true }).fill("12345");
      await p.getByLabel("Confirm password").fill("12345");
    },
  ],
  ["Passwords do not match!", (p) => p.getByLabel("Confirm password").fill("secret2")],
  ["Please agree to the Terms and Privacy Policy", (p) => p.getByLabel(/I agree to the/).uncheck()],
];

for (const [message, breakRule] of cases) {
  test(`register shows "${message}"`, async ({ page }) => {
    await page.goto("/register");
    await fillRegistration(page);
    await breakRule(page);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByTestId("toast")).toHaveText(message);
    await expect(page).toHaveURL(/\/register$/);
  });
}

test("the phone prefix follows the country and defaults to +1", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByTestId("dial-code")).toHaveText("+1");
  await page.getByLabel("Country").selectOption("JP");
  await expect(page.getByTestId("dial-code")).toHaveText("+81");
});

test("registering lands on / signed in, with token and user in local storage", async ({ page }) => {
  await page.goto("/register");
  const username = await fillRegistration(page);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Registration successful");
  await page.waitForURL("/");
  await expect(page.getByTestId("signed-in-user")).toHaveText(username);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem("token"),
    user: localStorage.getItem("user"),
  }));
  expect(stored.token).toBeTruthy();
  expect(JSON.parse(stored.user!)).toMatchObject({ username });
});

test("a taken username shows the server's message", async ({ page, request }) => {
  await page.goto("/register");
  const username = await fillRegistration(page);
  const res = await request.post("/api/auth/register", {
    data: {
      username,
      email: `other_${username}@example.com`,
      country: "FR",
      phoneCode: "+33",
      phoneNumber: "612345678",
      password: "secret1",
      referralCode: "",
    },
  });
  expect(res.status()).toBe(201);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("toast")).toHaveText("This username is already taken");
});
