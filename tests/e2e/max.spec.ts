import { expect, test } from "@playwright/test";
import { apiRegister, credit, signIn } from "./helpers";

// "Max" puts in the most that can be sent, grouped as people read it, and what it puts in is accepted.
test("Max stores all the XAUt available, and sells all of it", async ({ page, request }) => {
  const user = await apiRegister(request);
  await credit(request, user.username, "1.5", "XAUT");
  await signIn(page, user.username, user.password, "/storage");

  const store = page.getByRole("form", { name: "Store XAUt" });
  await store.getByRole("button", { name: "Max: 1.500000 XAUt" }).click();
  await expect(store.getByLabel("Store XAUt")).toHaveValue("1.500000");
  await store.getByRole("button", { name: "Store", exact: true }).click();
  await expect(page.getByTestId("vault-stored")).toContainText("1.500000");
  // Nothing left to store: Max says why instead of putting in nothing.
  await expect(store.getByRole("button", { name: /^Max: no XAUt available/ })).toBeDisabled();

  const retrieve = page.getByRole("form", { name: "Retrieve XAUt" });
  await retrieve.getByRole("button", { name: "Max: 1.500000 XAUt" }).click();
  await retrieve.getByRole("button", { name: "Retrieve", exact: true }).click();
  await expect(page.getByTestId("vault-stored")).toContainText("0.000000");

  await page.goto("/trade");
  await page.getByRole("radio", { name: "Sell" }).check();
  await page.getByRole("button", { name: "Max: 1.500000 XAUt" }).click();
  await expect(page.getByLabel("Quantity (XAUt)")).toHaveValue("1.500000");
  await page.getByRole("button", { name: "Review sell" }).click();
  await page.getByRole("button", { name: "Confirm sell" }).click();
  await expect(page.getByTestId("toast")).toContainText("Sold 1.500000 XAUt");
  await expect(page.getByTestId("available")).toHaveText("0.000000 XAUt");
});
