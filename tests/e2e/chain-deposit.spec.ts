import { expect, test, type APIRequestContext } from "@playwright/test";
import { mineBlocks, sendTestFunds } from "../../chain/dev-chain";
import { E2E_CHAIN_CONFIRMATIONS, E2E_CHAIN_PORT } from "../../playwright.config";
import { adminToken, apiRegister, approveAsChecker, credit, saveSettings, signIn } from "./helpers";

const rpcUrl = `http://127.0.0.1:${E2E_CHAIN_PORT}`;
// The development node's first account: the test's custody address, which pays the withdrawals.
const CUSTODY = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const PAYEE = "0x000000000000000000000000000000000000a11c";

// Both tests mine blocks on the one node: side by side, each would see the other's confirmations.
test.describe.configure({ mode: "serial" });

/**
 * USDC on ERC20: followed on the test node (playwright.config.ts), so the screens show the user's own
 * address and count confirmations. A currency no other flow uses: the funding flows' USDT screens stay
 * as they are.
 */
async function ensureUsdcChainWallet(request: APIRequestContext) {
  const res = await request.post("/api/admin/wallets", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      currency: "USDC",
      network: "ERC20",
      address: CUSTODY,
      memo: null,
      minDeposit: "10",
      withdrawFee: "1",
      minWithdraw: "10",
      depositEnabled: true,
      withdrawEnabled: true,
    },
  });
  expect([202, 409]).toContain(res.status());
  if (res.status() === 202) expect([200, 409]).toContain(await approveAsChecker(request, res));
}

test("a deposit sent to the user's own address counts its confirmations up and is credited, without a reload", async ({
  page,
  request,
}) => {
  await ensureUsdcChainWallet(request);
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

test("a withdrawal marked sent on chain counts its confirmations up to confirmed, with the explorer link, without a reload", async ({
  page,
  request,
}) => {
  await ensureUsdcChainWallet(request);
  await saveSettings(request, { chain: { explorers: "ERC20=https://etherscan.io/tx/{hash}" } });
  const user = await apiRegister(request);
  await credit(request, user.username, "40", "USDC");
  await signIn(page, user.username, user.password, "/withdraw");
  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` };
  const set = await request.post("/api/user/withdraw-password", {
    headers,
    data: { password: user.password, newWithdrawPassword: "vault-key-1" },
  });
  expect(set.status()).toBe(200);
  const placed = await request.post("/api/withdrawals", {
    headers,
    data: { currency: "USDC", network: "ERC20", address: PAYEE, amount: "12.5", withdrawPassword: "vault-key-1" },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = (await placed.json()).withdrawal as { id: string };

  await page.goto("/withdraw");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const item = page.getByTestId("withdrawal-list").locator("li").filter({ hasText: PAYEE });
  await expect(item.getByTestId("withdrawal-status")).toContainText("Pending");

  // The custody address pays it on chain; the administrator marks it sent with that hash (checked on chain).
  const hash = await sendTestFunds(rpcUrl, PAYEE, "12.5", "USDC");
  const sent = await request.post(`/api/admin/withdrawals/${id}/send`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { txHash: hash },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const status = item.getByTestId("withdrawal-status");
  await expect(status).toContainText("Sent");
  // The sent notification's dialog first (it covers the list), then the confirmed one's.
  const sentDialog = page.getByRole("dialog", { name: "Withdrawal sent" });
  await expect(sentDialog).toBeVisible();
  await sentDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(status.getByTestId("withdrawal-confirmations")).toHaveText(
    `1 of ${E2E_CHAIN_CONFIRMATIONS} confirmations`,
  );
  const link = item.getByTestId("explorer-link");
  await expect(link).toHaveAttribute("href", `https://etherscan.io/tx/${hash}`);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await mineBlocks(rpcUrl, 1);
  await expect(status.getByTestId("withdrawal-confirmations")).toHaveText(
    `2 of ${E2E_CHAIN_CONFIRMATIONS} confirmations`,
  );
  await mineBlocks(rpcUrl, 1);
  await expect(status).toContainText("Confirmed");
  await expect(status.getByTestId("withdrawal-confirmations")).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Withdrawal confirmed" })).toBeVisible();
});
