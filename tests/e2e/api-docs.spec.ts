import { expect, test } from "@playwright/test";

// The reference page is public and explains signing before the reference arrives; the reference
// (Scalar, loaded by this page alone) is drawn from /api/openapi.json.
test("a visitor opens /api-docs and finds the order route, POST /api/trades", async ({ page }) => {
  await page.goto("/api-docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page.getByLabel("Example: placing an order with curl and a signed request")).toContainText(
    "X-Aurum-Signature",
  );
  await expect(page.getByRole("heading", { name: "Aurum API" })).toBeVisible({ timeout: 60_000 });

  // On a phone the reference's list of routes is behind its menu.
  await page.getByRole("button", { name: "Open Menu" }).click();
  await page.getByRole("button", { name: "Open Group - trades" }).click();
  await page.getByRole("link", { name: /Place an order/ }).click();
  const order = page.getByRole("heading", { name: "Place an order" });
  await expect(order).toBeVisible();
  await expect(page.getByText("/api/trades", { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/api-docs-390.png" });

  await page.setViewportSize({ width: 1280, height: 800 });
  await order.scrollIntoViewIfNeeded();
  await expect(order).toBeVisible();
  await page.screenshot({ path: "test-results/api-docs-1280.png" });
});
