import { expect, test } from "@playwright/test";
import { mineBlocks, sendTestFunds } from "../../chain/dev-chain";
import { E2E_CHAIN_CONFIRMATIONS, E2E_CHAIN_PORT } from "../../playwright.config";
import { adminToken, apiRegister, approveAsChecker, signIn } from "./helpers";

const rpcUrl = `http://127.0.0.1:${E2E_CHAIN_PORT}`;

test("a deposit sent to the user's own address counts its confirmations up and is credited, without a reload", async ({
  page,
  request,
}) => {
  // USDC on ERC20: followed on the test node (playwright.config.ts), so the screen shows the user's own
  // address. Deposits only, and a currency no other flow uses: the funding flows' USDT screens stay as they are.
  const res = await request.post("/api/admin/wallets", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      currency: "USDC",
      network: "ERC20",
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      memo: null,
      minDeposit: "10",
      withdrawFee: "1",
      minWithdraw: "10",
      depositEnabled: true,
      withdrawEnabled: false,
    },
  });
  expect([202, 409]).toContain(res.status());
  if (res.status() === 202) expect([200, 409]).toContain(await approveAsChecker(request, res));

  const user = await apiRegister(request);
  await signIn(page, user.username, user.password, "/deposit/address/USDC");
  await expect(page.getByTestId("deposit-mode")).toContainText(
    `credited by itself after ${E2E_CHAIN_CONFIRMATIONS} confirmations`,
  );
  await expect(page.getByRole("link", { name: "I have sent it" })).toHaveCount(0);
  const address = (await page.getByTestId("deposit-address").textContent())!.trim();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  await sendTestFunds(rpcUrl, address as `0x${string}`, "25.5", "USDC");
  const status = page.getByTestId("chain-deposit").filter({ hasText: "25.5" }).getByTestId("chain-deposit-status");
  await expect(status).toHaveText(`1 of ${E2E_CHAIN_CONFIRMATIONS} confirmations`);
  await mineBlocks(rpcUrl, 1);
  await expect(status).toHaveText(`2 of ${E2E_CHAIN_CONFIRMATIONS} confirmations`);
  await mineBlocks(rpcUrl, 1);
  await expect(status).toHaveText("Credited to your available balance");
  await expect(page.getByRole("dialog", { name: "Deposit credited" })).toBeVisible();
});
