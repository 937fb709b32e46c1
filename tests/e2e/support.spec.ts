import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { adminToken, apiRegister, ensureUsdtWallet, signIn, signInAsAdmin, uniqueName } from "./helpers";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
  "hex",
);

test("a signed-out visitor writes to customer service from the sign-in screen, and it reaches support's queue", async ({
  page,
  request,
}) => {
  const email = `${uniqueName("visitor")}@example.com`;
  await page.goto("/login");
  await page.getByRole("link", { name: "Customer Service" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customer Service" })).toBeVisible();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please enter your email address")).toBeVisible();
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Message").fill("I forgot which email my account uses.\nCan you help?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByTestId("contact-sent")).toContainText(`We answer by mail to ${email}`);

  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const queue = await (await request.get("/api/admin/support?status=open&pageSize=100", { headers })).json();
  const mine = (queue.conversations as { subject: string; requester: { kind: string; email?: string } }[]).find(
    (c) => c.requester.email === email,
  );
  expect(mine).toMatchObject({ subject: "I forgot which email my account uses.", requester: { kind: "visitor" } });
  const outbox = await (await request.get("/api/admin/outbox?pageSize=100", { headers })).json();
  expect(
    (outbox.messages as { to: string; subject: string }[]).some(
      (m) => m.to === email && m.subject.includes("we have your message"),
    ),
  ).toBe(true);
});

test("a user opens a conversation, an administrator answers from /admin/support, and the user reads it live; an internal note never shows", async ({
  page,
  browser,
}) => {
  const user = await apiRegister(page.request);
  const subject = `Where is my gold? ${uniqueName("s")}`;
  await signIn(page, user.username, user.password, "/profile");
  await page
    .getByTestId("profile-support")
    .getByRole("link", { name: /Ask Aurum support/ })
    .click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("I bought 1 XAUt yesterday and cannot find it.");
  await page.getByRole("button", { name: "Send to support" }).click();
  await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId("support-status")).toHaveText("Waiting for Aurum support");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  // Marks this document: a reload or a navigation would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await signInAsAdmin(admin, "/admin/support");
  await admin.getByRole("link", { name: subject }).click();
  await expect(admin.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await admin.getByRole("button", { name: "Assign to me" }).click();
  await expect(admin.getByTestId("support-assignee")).toHaveText("Assigned to you");

  await admin.getByLabel("Internal note (never shown to the user)").check();
  await admin.getByLabel("Note for support (the user never sees it)").fill("NOTE-ONLY-FOR-SUPPORT: filled at 4,012.50");
  await admin.getByRole("button", { name: "Add internal note" }).click();
  await expect(admin.getByTestId("support-note")).toContainText("NOTE-ONLY-FOR-SUPPORT");
  await expect(admin.getByTestId("support-note")).toContainText("Internal note · never shown to the user");

  // A link to another host is refused, with the reason under the box.
  await admin.getByLabel("Reply to the user").check();
  await admin.getByLabel("Reply", { exact: true }).fill("Sign in again at evil.example/login");
  await admin.getByLabel(/Sign as/).fill("Maria");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByText(/Links to evil\.example are not allowed/)).toBeVisible();

  await admin.getByLabel("Reply", { exact: true }).fill("Your 1 XAUt is in Storage: open Home and look under Storage.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  await expect(admin.getByTestId("support-reply")).toContainText("Your 1 XAUt is in Storage");

  const reply = page.getByTestId("support-reply");
  await expect(reply).toContainText("Aurum support · Maria");
  await expect(reply).toContainText("Your 1 XAUt is in Storage");
  await expect(page.getByTestId("support-status")).toHaveText("Answered");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(page.getByText("NOTE-ONLY-FOR-SUPPORT")).toHaveCount(0);
  await expect(page.getByText("evil.example")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText("admin");

  // The notification came too, as Aurum support's; the user puts it away.
  const notice = page.getByRole("dialog", { name: "Aurum support answered" });
  await expect(notice).toContainText(subject);
  await notice.getByRole("button", { name: "Cancel" }).click();

  // The user answers; support's screen follows without a reload too.
  await page.getByLabel("Your message").fill("Found it, thank you!");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(admin.getByTestId("requester-message").last()).toContainText("Found it, thank you!");
  await admin.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("support-status")).toHaveText("Closed");
  await context.close();
});

test("a rejected deposit opens a conversation with that deposit attached, and support sees which one", async ({
  page,
  browser,
  request,
}) => {
  await ensureUsdtWallet(request);
  const user = await apiRegister(request);
  const login = await (
    await request.post("/api/auth/login", { data: { usernameOrEmail: user.username, password: user.password } })
  ).json();
  const submitted = await request.post("/api/deposits", {
    headers: { Authorization: `Bearer ${login.token}` },
    multipart: {
      currency: "USDT",
      network: "TRC20",
      amount: "321.5",
      txHash: randomBytes(32).toString("hex"),
      proof: { name: "proof.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(submitted.status()).toBe(201);
  const depositId = (await submitted.json()).deposit.id as string;
  const rejected = await request.post(`/api/admin/deposits/${depositId}/reject`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { reason: "No such transfer on TRC20" },
  });
  expect(rejected.status()).toBe(200);

  await signIn(page, user.username, user.password, "/deposit");
  await page.getByTestId("deposit-list").getByRole("link", { name: "Ask support about this deposit" }).click();
  await expect(page).toHaveURL(new RegExp(`/support\\?about=${depositId}$`));
  await expect(page.getByTestId("support-related")).toContainText(
    "Deposit of 321.50 USDT on TRC20, rejected (No such transfer on TRC20)",
  );
  await page.getByLabel("Message").fill("I did send it: the transfer is on the chain.");
  await page.getByRole("button", { name: "Send to support" }).click();
  await expect(page).toHaveURL(/\/support\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("support-related")).toContainText("Deposit of 321.50 USDT on TRC20");
  const conversationId = new URL(page.url()).pathname.split("/").pop()!;

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await signInAsAdmin(admin, `/admin/support/${conversationId}`);
  await expect(admin.getByTestId("support-related-item")).toContainText("321.50");
  await expect(admin.getByTestId("support-related-item")).toContainText("Rejected");
  await expect(admin.getByTestId("support-related-item")).toContainText("No such transfer on TRC20");
  await context.close();
});
