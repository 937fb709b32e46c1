import { expect, test } from "@playwright/test";
import { apiRegister, signIn, signInThroughForm } from "./helpers";

test("/ without a session goes to /login", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("a wrong password shows Invalid credentials", async ({ page, request }) => {
  const user = await apiRegister(request);
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Invalid credentials");
  await expect(page).toHaveURL(/\/login$/);
});

test("sign in, then log out back to /login; the old session no longer opens /", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signInThroughForm(page, user.email, user.password);
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("signed-in-user")).toHaveText(user.username);

  const token = (await page.evaluate(() => localStorage.getItem("token")))!;

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  // Replaying the old token as cookie and in storage: the revoked session row still refuses it.
  await page.context().addCookies([{ name: "aurum.session-token", value: token, url: page.url() }]);
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("the signed-in area sends a browser without a stored token to /login", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
});

test("what is typed while the sign-in page still loads signs in, and the form cannot be sent before its script runs", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  // Hold the page's scripts back, as a slow phone network does, until the fields are filled.
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("Username or email").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  // Sent by the browser itself now, it would be a GET of /login with the password in the address.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  release();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Login successful");
  await page.waitForURL((url) => url.pathname === "/");
});
