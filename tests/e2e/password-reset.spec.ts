import { expect, test, type APIRequestContext } from "@playwright/test";
import { adminToken, apiRegister, signInThroughForm } from "./helpers";

const ANSWER = "If an account matches, we have sent a link to reset its password.";

/** The reset link mailed to `email`, read from the admin outbox (the end-to-end server has no SMTP_URL). */
async function mailedLink(request: APIRequestContext, email: string): Promise<string> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  let link = "";
  // The mail is written just after the answer: poll until it is there.
  await expect
    .poll(async () => {
      const res = await request.get("/api/admin/outbox?pageSize=100", { headers });
      const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string | null }[] };
      const mail = messages.find((m) => m.to === email && m.subject.startsWith("Reset your"));
      link = mail?.text?.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

test("a forgotten password is reset through the mailed link, which then stops working", async ({ page, request }) => {
  const user = await apiRegister(request);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await page.getByLabel("Username or email").fill(user.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(ANSWER)).toBeVisible();

  const link = await mailedLink(request, user.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-secret");
  await page.getByLabel("Confirm new password").fill("a-different-one");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Passwords do not match!");
  await page.getByLabel("Confirm new password").fill("a-brand-new-secret");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByTestId("toast")).toHaveText(
    "Your password has been reset. Please sign in with your new password.",
  );
  await page.waitForURL((url) => url.pathname === "/login");

  await signInThroughForm(page, user.username, "a-brand-new-secret");
  const old = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  expect(old.status()).toBe(401);

  await page.goto(link);
  await expect(page.getByText("This password reset link is invalid, expired or already used.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});
