import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { apiRegister, signIn } from "./helpers";

test("a user cannot open /admin, and the admin API answers 403", async ({ page, request }) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.goto("/admin");
  await expect(page).toHaveURL("/");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const res = await request.get("/api/admin/users", { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
});

test("the bootstrap admin opens the admin dashboard", async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});
