import { expect, test } from "@playwright/test";
import { apiRegister, signIn, signInAsAdmin } from "./helpers";

test("an admin credits a user below the approval threshold, who sees the balance on Home and the entry in Transaction Records", async ({
  browser,
  request,
}) => {
  const user = await apiRegister(request);

  const adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto("/admin/users");
  await adminPage.getByLabel("Search users").fill(user.username);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await adminPage.getByRole("link", { name: user.username }).click();
  await expect(adminPage.getByRole("heading", { name: user.username })).toBeVisible();

  await adminPage.getByLabel("Asset").selectOption("USDT");
  await adminPage.getByLabel("Operation").selectOption("credit");
  await adminPage.getByLabel("Amount").fill("400.25");
  await adminPage.getByLabel("Reason (kept in the ledger)").fill("Launch bonus");
  await adminPage.getByRole("button", { name: "Review" }).click();
  await expect(
    adminPage.getByRole("status").filter({ hasText: `Credit 400.25 USDT to ${user.username}?` }),
  ).toBeVisible();
  await adminPage.getByRole("button", { name: "Confirm credit" }).click();
  await expect(adminPage.getByTestId("manage-balance-result")).toHaveText(
    "Credited 400.25 USDT. Available now: 400.25 USDT",
  );
  await expect(adminPage.getByTestId("balance-USDT")).toContainText("400.25");

  // A debit beyond the balance is refused and changes nothing (with the credit, still under the
  // threshold this administrator may move for one user in a day).
  await adminPage.getByLabel("Operation").selectOption("debit");
  await adminPage.getByLabel("Amount").fill("500");
  await adminPage.getByLabel("Reason (kept in the ledger)").fill("Too much");
  await adminPage.getByRole("button", { name: "Review" }).click();
  await adminPage.getByRole("button", { name: "Confirm debit" }).click();
  await expect(adminPage.getByTestId("manage-balance-result")).toHaveText("Insufficient USDT balance");

  const userPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(userPage, user.username, user.password);
  await expect(userPage.getByTestId("balance-USDT")).toContainText("400.25");

  await userPage.goto("/records");
  const transactions = userPage.getByTestId("transaction").filter({ visible: true });
  const record = transactions.first();
  await expect(record).toContainText("Adjustment");
  await expect(record.getByTestId("change")).toHaveText("+400.25USDT");
  await expect(record).toContainText("Launch bonus");
  // The refused debit wrote nothing.
  await expect(transactions).toHaveCount(1);
});

test("Records opens on every transaction and groups activity by type, adjustments included", async ({
  page,
  request,
}) => {
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await page.getByRole("link", { name: "Records" }).click();
  await expect(page.getByRole("heading", { name: "Records" })).toBeVisible();
  const types = page.getByRole("navigation", { name: "Record types" });
  await expect(types.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await types.getByRole("link", { name: "Trades" }).click();
  await expect(page.getByText("No trades yet.")).toBeVisible();
  await page.getByRole("link", { name: "Adjustments" }).click();
  await expect(page.getByText("No adjustments yet.")).toBeVisible();
});
