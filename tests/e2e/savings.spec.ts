import { expect, test } from "@playwright/test";
import { apiRegister, credit, ensureSavingPlan, signIn } from "./helpers";

test("subscribe to a plan from Home, see its next interest, and redeem it after seeing what comes back", async ({
  page,
  request,
}) => {
  const planId = await ensureSavingPlan(request);
  const user = await apiRegister(request);
  await credit(request, user.username, "1000");
  await signIn(page, user.username, user.password);

  await page
    .getByRole("link", { name: /E2E flexible/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/saving/${planId}$`));
  await expect(page.getByText("6 %")).toBeVisible();
  await page.getByLabel("Amount (USDT)").fill("400");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByTestId("toast")).toContainText("Subscribed");
  const sub = page.getByTestId("subscription");
  await expect(sub).toContainText("400.00");
  await expect(sub).toContainText("Next interest");
  await expect(page.getByText("Available: 600.00 USDT")).toBeVisible();

  await page.goto("/");
  await expect(page.getByTestId("savings-positions")).toContainText("400.00");
  await expect(page.getByTestId("balance-USDT")).toContainText("Savings 400.00");

  await page.goto(`/saving/${planId}`);
  await page.getByRole("button", { name: "Redeem…" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("You receive 400.000000 USDT");
  await page.getByRole("button", { name: "Confirm redeem" }).click();
  await expect(page.getByTestId("toast")).toContainText("Redeemed");
  await expect(page.getByTestId("subscription")).toContainText("redeemed");
  await expect(page.getByText("Available: 1,000.00 USDT")).toBeVisible();
});

test("store XAUt in the vault and retrieve part of it", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "2.5", "XAUT");
  await signIn(page, user.username, user.password);

  await page.goto("/storage");
  await expect(page.getByTestId("vault-stored")).toContainText("0.00");
  await page.getByRole("textbox", { name: "Store XAUt" }).fill("2");
  await page.getByRole("button", { name: "Store", exact: true }).click();
  await expect(page.getByTestId("vault-stored")).toContainText("2.00");
  // More than is left: refused once, beside the amount (no toast saying it again).
  const storeForm = page.getByRole("form", { name: "Store XAUt" });
  await page.getByRole("textbox", { name: "Store XAUt" }).fill("3");
  await page.getByRole("button", { name: "Store", exact: true }).click();
  await expect(storeForm).toContainText("Insufficient XAUt balance");
  await expect(page.getByTestId("toast").filter({ hasText: /Insufficient/ })).toHaveCount(0);
  await page.getByRole("textbox", { name: "Retrieve XAUt" }).fill("0.75");
  await page.getByRole("button", { name: "Retrieve", exact: true }).click();
  await expect(page.getByTestId("vault-stored")).toContainText("1.25");
  // The gold moved since: the old refusal no longer stands beside the store form.
  await expect(storeForm).not.toContainText(/Insufficient/);
  await expect(page.getByTestId("vault-history").getByRole("listitem")).toHaveCount(2);
});
