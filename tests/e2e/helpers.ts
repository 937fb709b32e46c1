import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const uniqueName = (prefix = "e2e") => `${prefix}_${randomBytes(4).toString("hex")}`;

/** Registers a user through the API (fast) when the test is not about registering. */
export async function apiRegister(request: APIRequestContext) {
  const username = uniqueName();
  const user = { username, email: `${username}@example.com`, password: "correct-horse" };
  const res = await request.post("/api/auth/register", {
    data: { ...user, country: "GB", phoneCode: "+44", phoneNumber: "7700900123", referralCode: "" },
  });
  expect(res.status()).toBe(201);
  return user;
}

export async function signIn(page: Page, usernameOrEmail: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(usernameOrEmail);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Login successful");
  await page.waitForURL((url) => url.pathname !== "/login");
}
