import { expect, test } from "@playwright/test";
import { AurumClient } from "../../examples/aurum-client";
import { axeViolations } from "./axe";
import { apiRegister, signInWith, totpCode } from "./helpers";

test("make an API key with a two-factor code, copy its secret once, sign a request with it, see it listed and revoke it", async ({
  page,
  context,
  baseURL,
}) => {
  const user = await apiRegister(page.request);
  const login = await page.request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const session = (await login.json()) as { token: string; user: { id: string; username: string; role: string } };
  const headers = { Authorization: `Bearer ${session.token}` };
  const { secret: totp } = (await (
    await page.request.post("/api/user/2fa/setup", { headers, data: { password: user.password } })
  ).json()) as { secret: string };
  expect((await page.request.post("/api/user/2fa/enable", { headers, data: { code: totpCode(totp) } })).status()).toBe(
    200,
  );
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // Signed in before two-factor was on: signing in again would ask for a code.
  await signInWith(page, session, "/profile");
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No API keys.")).toBeVisible();
  // Connected before the key is made, so its notice is pushed to this page.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const form = page.getByRole("form", { name: "New API key" });
  await form.getByLabel("Name").fill("Grid bot");
  await form.getByLabel("Trade").check();
  // The code that turned two-factor on is spent: the app's next one.
  await form.getByLabel("Code from your authenticator app").fill(totpCode(totp, 1));
  await form.getByRole("button", { name: "Make key" }).click();

  const shown = page.getByTestId("api-key-secret");
  const secret = (await shown.getByTestId("api-key-secret-value").textContent()) ?? "";
  const keyId = (await shown.getByTestId("api-key-id").textContent()) ?? "";
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await shown.getByRole("button", { name: "Copy secret" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Secret copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole("button", { name: "I have copied it" }).click();
  await expect(shown).toHaveCount(0);
  // The notice of the new key waited until the secret was put away.
  const notice = page.getByRole("dialog", { name: "API key created" });
  await notice.getByRole("button", { name: "Cancel" }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  // A program signs with it over HTTP.
  const aurum = new AurumClient({ baseUrl: baseURL!, keyId, secret });
  expect((await aurum.balance()).status).toBe(200);
  await page.reload();
  const listed = page.getByTestId("api-key");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Grid bot");
  await expect(listed).toContainText("read + trade");
  await expect(listed).toContainText("last used");
  // The form and a listed key together (the axe sweep of screens.spec.ts sees the screen empty).
  expect(await axeViolations(page)).toEqual([]);

  await listed.getByRole("button", { name: "Revoke Grid bot" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByTestId("toast")).toHaveText("API key revoked");
  await expect(page.getByText("No API keys.")).toBeVisible();
  expect((await aurum.balance()).body.code).toBe("API_KEY_REVOKED");
});
