import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

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

/** The bootstrap administrator's token, for calls made through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { usernameOrEmail: E2E_ADMIN.username, password: E2E_ADMIN.password } });
  return ((await res.json()) as { token: string }).token;
}

/** Credits a user's USDT through the admin API, as an administrator would from the user page. */
export async function credit(request: APIRequestContext, username: string, amount: string) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const found = await request.get(`/api/admin/users?q=${username}`, { headers });
  const [user] = (await found.json()).users as { id: string }[];
  const res = await request.put(`/api/admin/users/${user!.id}/manage-balance`, { headers, data: { amount, operation: "credit", reason: "e2e funding" } });
  expect(res.status()).toBe(200);
  return user!.id;
}
