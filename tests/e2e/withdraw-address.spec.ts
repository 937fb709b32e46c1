import { expect, test } from "@playwright/test";
import { apiRegister, credit, ensureUsdtWallet, signIn } from "./helpers";

test("the withdrawal form refuses a mistyped address before the review, with the server's own check", async ({
  page,
  request,
}) => {
  await ensureUsdtWallet(request);
  const user = await apiRegister(request);
  await credit(request, user.username, "50");
  await signIn(page, user.username, user.password);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const set = await request.post("/api/user/withdraw-password", {
    headers: { Authorization: `Bearer ${token}` },
    data: { password: user.password, newWithdrawPassword: "vault-key-1" },
  });
  expect(set.status()).toBe(200);

  await page.goto("/withdraw/form/USDT");
  // One character off the end: the base58 checksum no longer matches.
  await page.getByLabel("Address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T");
  await page.getByLabel("Amount to receive (USDT)").fill("20");
  await page.getByLabel("Withdrawal password", { exact: true }).fill("vault-key-1");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByText("Not a valid address for this network (check every character)")).toBeVisible();
  await expect(page.getByTestId("withdraw-review")).toHaveCount(0);

  await page.getByLabel("Address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByTestId("withdraw-review")).toBeVisible();
});
