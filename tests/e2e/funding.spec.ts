import { randomBytes } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { axeViolations } from "./axe";
import { apiRegister, credit, ensureUsdtWallet, signIn, signInAsAdmin } from "./helpers";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
  "hex",
);

async function adminPage(browser: Browser, path: string) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signInAsAdmin(page);
  await page.goto(path);
  return page;
}

test("deposit with proof, an admin approves it, and the user sees the notification and the balance", async ({
  page,
  browser,
  request,
}) => {
  await ensureUsdtWallet(request);
  const user = await apiRegister(request);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  await page.getByRole("navigation", { name: "Quick actions" }).getByRole("link", { name: "Deposit" }).click();
  await expect(page.getByRole("heading", { name: "Deposit", exact: true })).toBeVisible();
  await page.getByRole("navigation", { name: "Currencies to deposit" }).getByRole("link", { name: /USDT/ }).click();
  await expect(page.getByRole("heading", { name: "Deposit USDT" })).toBeVisible();
  await page.getByRole("radio", { name: /Tron \(TRC20\)/ }).check();
  await expect(page.getByTestId("deposit-address")).toHaveText("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await expect(page.getByRole("img", { name: /QR code of the USDT deposit address/ })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("loses the funds");
  await page.getByRole("link", { name: "I have sent it" }).click();

  const hash = randomBytes(32).toString("hex");
  await page.getByLabel("Amount sent (USDT)").fill("250");
  await page.getByLabel("Transaction hash").fill(hash);
  await page
    .getByLabel("Proof of the transfer (screenshot)")
    .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: PNG });
  expect((await axeViolations(page)).map((v) => v.id)).toEqual([]);
  await page.getByRole("button", { name: "Submit deposit" }).click();
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByTestId("deposit-list")).toContainText("Pending");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  const admin = await adminPage(browser, "/admin/deposits");
  const request_ = admin.getByTestId("deposit-request").filter({ hasText: hash });
  await expect(request_).toContainText(user.username);
  await request_.getByRole("button", { name: "Approve…" }).click();
  await request_.getByRole("button", { name: "Confirm: Approve" }).click();
  await expect(admin.getByTestId("deposit-request").filter({ hasText: hash })).toHaveCount(0);

  await expect(page.getByRole("dialog", { name: "Deposit credited" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.goto("/");
  await expect(page.getByTestId("balance-USDT")).toContainText("250.00");
});

test("withdrawal behind a withdrawal password, an admin marks it sent, and records show the send, and the hold when asked", async ({
  page,
  browser,
  request,
}) => {
  await ensureUsdtWallet(request);
  const user = await apiRegister(request);
  await credit(request, user.username, "500");
  await signIn(page, user.username, user.password);

  await page.goto("/withdraw");
  // Setting the withdrawal password is told over the socket (a dialog): it must be live first to close it.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await page.getByLabel("Account password").fill(user.password);
  await page.getByLabel("New withdrawal password", { exact: true }).fill("vault-key-1");
  await page.getByLabel("Confirm new withdrawal password").fill("vault-key-1");
  await page.getByRole("button", { name: "Save withdrawal password" }).click();
  await expect(page.getByTestId("toast")).toContainText("Withdrawal password saved");
  await page.getByRole("dialog", { name: "Withdrawal password set" }).getByRole("button", { name: "Cancel" }).click();

  await page.getByRole("navigation", { name: "Currencies to withdraw" }).getByRole("link", { name: /USDT/ }).click();
  await expect(page.getByRole("heading", { name: "Withdraw USDT" })).toBeVisible();
  await page.getByLabel("Address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await page.getByLabel("Amount to receive (USDT)").fill("600");
  await page.getByLabel("Withdrawal password", { exact: true }).fill("vault-key-1");
  await page.getByRole("button", { name: "Review" }).click();
  await expect(page.getByText(/more than your 500.00 USDT available/)).toBeVisible();
  await page.getByLabel("Amount to receive (USDT)").fill("100");
  await page.getByRole("button", { name: "Review" }).click();
  const review = page.getByTestId("withdraw-review");
  await expect(review).toContainText("Arrives at the address100.000000");
  await expect(review).toContainText("Taken from your balance101.000000");
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByTestId("withdrawal-list")).toContainText("Pending");

  const admin = await adminPage(browser, "/admin/withdrawals");
  const pending = admin.getByTestId("withdrawal-request").filter({ hasText: user.username });
  await pending.getByRole("button", { name: "Mark sent…" }).click();
  await pending.getByLabel("Transaction hash of the transfer").fill(randomBytes(32).toString("hex"));
  await pending.getByRole("button", { name: "Confirm: Mark sent" }).click();
  await expect(admin.getByTestId("withdrawal-request").filter({ hasText: user.username })).toHaveCount(0);

  await page.goto("/records?kind=withdrawal");
  const records = page.getByTestId("transaction").filter({ visible: true });
  // The send is one transaction: the amount and the fee, both out of the hold.
  await expect(records).toHaveCount(1);
  const sent = records.first();
  await expect(sent.getByTestId("change")).toHaveText("-101.00USDT");
  await sent.getByRole("button", { name: "Withdrawal" }).click();
  const legs = sent.getByTestId("leg");
  await expect(legs).toHaveCount(2);
  await expect(legs.filter({ hasText: "On hold · Sent" })).toContainText("-100.00");
  await expect(legs.filter({ hasText: "On hold · Fee" })).toContainText("-1.00");
  // The request set 101 USDT aside: a hold, shown when asked.
  await page.getByRole("checkbox", { name: "Show holds" }).check();
  await expect(records).toHaveCount(2);
  await expect(records.filter({ hasText: "Withdrawal requested" }).getByTestId("change")).toHaveText(
    "101.00USDTmoved to On hold",
  );
});
