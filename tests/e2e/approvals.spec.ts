import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import {
  adminToken,
  apiRegister,
  CHECKER,
  checkerSession,
  signIn,
  signInAsAdmin,
  signInThroughFormWithCode,
  signInWith,
} from "./helpers";

test("admin A proposes a 5,000 USDT credit, admin B sees it arrive and approves it, the user sees it on Home", async ({
  browser,
  request,
}) => {
  const user = await apiRegister(request);
  const checkerAccount = await checkerSession(request);

  const checker = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInThroughFormWithCode(checker, checkerAccount, CHECKER.password);
  // An administrator lands on the dashboard, not on the user Home.
  await expect(checker).toHaveURL(/\/admin$/);
  await checker.goto("/admin/approvals");
  await expect(checker.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  const maker = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInAsAdmin(maker);
  await maker.goto("/admin/users");
  await maker.getByLabel("Search users").fill(user.username);
  await maker.getByRole("button", { name: "Search" }).click();
  await maker.getByRole("link", { name: user.username }).click();
  await maker.getByLabel("Asset").selectOption("USDT");
  await maker.getByLabel("Operation").selectOption("credit");
  await maker.getByLabel("Amount").fill("5000");
  await maker.getByLabel("Reason (kept in the ledger)").fill("Prize draw winner");
  await maker.getByRole("button", { name: "Review" }).click();
  await maker.getByRole("button", { name: "Confirm credit" }).click();
  await expect(maker.getByTestId("manage-balance-result")).toContainText(
    "Waiting for a second administrator to approve",
  );

  // The maker sees their proposal but cannot approve it.
  await maker.goto("/admin/approvals");
  const own = maker.getByTestId("proposal").filter({ hasText: user.username });
  await expect(own).toContainText("You proposed this");
  await expect(own.getByRole("button", { name: "Approve…" })).toHaveCount(0);

  // The checker's queue shows it without a reload: what, before → after, who asked and why.
  const card = checker.getByTestId("proposal").filter({ hasText: user.username });
  await expect(card).toContainText(`Credit 5,000.000000 USDT to ${user.username}`);
  await expect(card.getByRole("table", { name: "What it changes" })).toContainText("0.000000");
  await expect(card.getByRole("table", { name: "What it changes" })).toContainText("5,000.000000");
  await expect(card).toContainText(`Asked by ${E2E_ADMIN.username}`);
  await expect(card).toContainText("Prize draw winner");
  await card.getByRole("button", { name: "Approve…" }).click();
  await card.getByRole("button", { name: "Confirm: Approve" }).click();
  await expect(checker.getByTestId("toast")).toContainText(`Approved: Credit 5,000.000000 USDT to ${user.username}`);
  // The tab, as an administrator goes there: a full load of an admin page briefly holds its streamed
  // content twice (the admin area's loading boundary), which strict locators see as two cards.
  await checker.getByRole("navigation", { name: "Status" }).getByRole("link", { name: "approved" }).click();
  await expect(checker).toHaveURL(/status=approved/);
  await expect(checker.getByTestId("proposal").filter({ hasText: user.username })).toContainText("Approved by checker");

  const home = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(home, user.username, user.password);
  await expect(home.getByTestId("balance-USDT")).toContainText("5,000.00");
});

test("a settings proposal shows the checker every field it changes and nothing else; rejected, nothing changes", async ({
  browser,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const before = (await (await request.get("/api/settings/config", { headers })).json()).config as {
    trading: { feeBps: number };
    withdrawals: { dailyLimit: string };
  };
  const patch = { trading: { feeBps: before.trading.feeBps + 7 }, withdrawals: { dailyLimit: "123456" } };
  const proposed = await request.put("/api/settings/config", { headers, data: patch });
  expect(proposed.status()).toBe(202);
  const { proposal } = (await proposed.json()) as { proposal: { id: string; summary: string } };

  const checker = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInWith(checker, await checkerSession(request), "/admin/approvals");
  const card = checker.getByTestId("proposal").filter({ hasText: proposal.summary });
  const changes = card.getByRole("table", { name: "What it changes" });
  await expect(changes.getByRole("row", { name: /trading\.feeBps/ })).toContainText(`${before.trading.feeBps}`);
  await expect(changes.getByRole("row", { name: /trading\.feeBps/ })).toContainText(`${before.trading.feeBps + 7}`);
  await expect(changes.getByRole("row", { name: /withdrawals\.dailyLimit/ })).toContainText("123456");
  // A header row and one row per field that changes.
  await expect(changes.getByRole("row")).toHaveCount(3);

  await card.getByRole("button", { name: "Reject…" }).click();
  await card.getByLabel("Reason (the proposer sees it)").fill("Not agreed");
  await card.getByRole("button", { name: "Confirm: Reject" }).click();
  await expect(checker.getByTestId("toast")).toContainText("Rejected");
  const after = (await (await request.get("/api/settings/config", { headers })).json()).config as typeof before;
  expect(after.trading.feeBps).toBe(before.trading.feeBps);
  expect(after.withdrawals.dailyLimit).toBe(before.withdrawals.dailyLimit);
});
