import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { E2E_ADMIN } from "../../playwright.config";

export const uniqueName = (prefix = "e2e") => `${prefix}_${randomBytes(4).toString("hex")}`;

/** Registers a user through the API (fast) when the test is not about registering. */
export async function apiRegister(request: APIRequestContext) {
  const username = uniqueName();
  const user = { username, email: `${username}@example.com`, password: "correct-horse" };
  const res = await request.post("/api/auth/register", {
    data: { ...user, country: "GB", phoneCode: "+44", phoneNumber: "7700900123", referralCode: "" },
  });
  expect(res.status()).toBe(201);
  return user;
}

/**
 * Signs in through the API, for the many tests whose subject is not signing in: the same call the
 * form makes, its cookie kept by the browser and its token and user seeded into local storage once
 * for this tab (a later log-out stays logged out), then `to` (the user's home unless told). It skips
 * the form's screen and its one-second pause, about 3 s a sign-in on a busy machine.
 */
export async function signIn(page: Page, usernameOrEmail: string, password: string, to?: string) {
  const res = await page.request.post("/api/auth/login", { data: { usernameOrEmail, password } });
  expect(res.status()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { role: string } };
  await seedLocalStorage(page, token, user);
  await page.goto(to ?? (user.role === "admin" ? "/admin" : "/"));
}

/** The spec's local-storage session, seeded once for this tab (a later log-out stays logged out). */
async function seedLocalStorage(page: Page, token: string, user: unknown) {
  await page.addInitScript(
    ([token, user, once]) => {
      try {
        if (sessionStorage.getItem(once)) return;
        sessionStorage.setItem(once, "1");
        localStorage.setItem("token", token);
        localStorage.setItem("user", user);
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    },
    [token, JSON.stringify(user), `e2e-session:${token.slice(-16)}`] as const,
  );
}

/**
 * What `make` returns, made once per run and project and shared by every worker (and by a worker
 * restarted after a failure): the first to take the lock makes it, the others read its file. For
 * data many tests only look at, made through the API at the cost of several sign-ins and approvals.
 */
export async function sharedOnce<T>(name: string, make: () => Promise<T>): Promise<T> {
  const dir = test.info().project.outputDir;
  const file = join(dir, `${name}.json`);
  mkdirSync(dir, { recursive: true });
  try {
    mkdirSync(join(dir, `${name}.lock`), { recursive: false });
  } catch {
    // Another worker is making it.
    await expect.poll(() => existsSync(file), { timeout: 110_000 }).toBe(true);
    return JSON.parse(readFileSync(file, "utf8")) as T;
  }
  const made = await make();
  writeFileSync(file, JSON.stringify(made));
  return made;
}

/** Fills the registration form with a valid new user (country France); their username. */
export async function fillRegistration(page: Page, prefix = "reg") {
  const username = uniqueName(prefix);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Country").selectOption("FR");
  await page.getByLabel("Phone number").fill("612345678");
  await page.getByLabel("Password", { exact: true }).fill("secret1");
  await page.getByLabel("Confirm password").fill("secret1");
  await page.getByLabel(/I agree to the/).check();
  return username;
}

/** Signs in through the form, as a person does: for the tests about signing in. */
export async function signInThroughForm(page: Page, usernameOrEmail: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(usernameOrEmail);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Login successful");
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** What a signed-in administrator's session is in these tests: its token, the login's user, and the TOTP secret. */
export interface AdminSession {
  token: string;
  user: { id: string; username: string; role: string };
  secret: string;
}

/** The code an authenticator app with this secret shows (`steps` time steps from now). */
export const totpCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

/**
 * Signs an administrator in with the password and turns two-factor on, as an administrator's first
 * sign-in asks: the admin API opens only then. The session stays the run's (a code works once per
 * 30-second step, so administrators cannot sign in again for every test).
 */
export async function enrolledAdmin(
  request: APIRequestContext,
  who: { usernameOrEmail: string; password: string },
  origin = "",
): Promise<AdminSession> {
  const login = await request.post(`${origin}/api/auth/login`, { data: who });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()) as Pick<AdminSession, "token" | "user">;
  const headers = { Authorization: `Bearer ${token}` };
  const refused = await request.get(`${origin}/api/admin/users`, { headers });
  expect(refused.status()).toBe(403);
  const { secret } = (await (
    await request.post(`${origin}/api/user/2fa/setup`, { headers, data: { password: who.password } })
  ).json()) as { secret: string };
  expect(
    (await request.post(`${origin}/api/user/2fa/enable`, { headers, data: { code: totpCode(secret) } })).status(),
  ).toBe(200);
  return { token, user, secret };
}

/** The bootstrap administrator's session, with two-factor on, made once per run. */
export const adminSession = (request: APIRequestContext): Promise<AdminSession> =>
  sharedOnce("admin-session", () =>
    enrolledAdmin(request, { usernameOrEmail: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  );

/** Signs an administrator in through the form, password then the app's code, as a person does. */
export async function signInThroughFormWithCode(page: Page, session: AdminSession, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(session.user.username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The code of the next time step: the one that turned two-factor on may still be the current one.
  await page.getByLabel("Authentication code").fill(totpCode(session.secret, 1));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Login successful");
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** The bootstrap administrator's token, for calls made through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  return (await adminSession(request)).token;
}

export const CHECKER = { usernameOrEmail: "checker", password: "e2e-checker-password" };

/** A second administrator ("checker"), made once, for what needs two (maker–checker); their session. */
export function checkerSession(request: APIRequestContext): Promise<AdminSession> {
  return sharedOnce("checker-session", async () => {
    const registered = await request.post("/api/auth/register", {
      data: {
        username: "checker",
        email: "checker@example.com",
        password: CHECKER.password,
        country: "GB",
        phoneCode: "+44",
        phoneNumber: "7700900124",
        referralCode: "",
      },
    });
    expect(registered.status()).toBe(201);
    const { user } = (await (await request.post("/api/auth/login", { data: CHECKER })).json()) as {
      user: { id: string };
    };
    // While the bootstrap administrator is the only one, they appoint the second alone.
    const granted = await request.put(`/api/admin/users/${user.id}/role`, {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { role: "admin" },
    });
    expect(granted.status()).toBe(200);
    // The grant ended the checker's sessions: they sign in again with the new role, and set up two-factor.
    return enrolledAdmin(request, CHECKER);
  });
}

export async function checkerToken(request: APIRequestContext): Promise<string> {
  return (await checkerSession(request)).token;
}

/** Opens `to` (the admin dashboard unless told) signed in as the bootstrap administrator, with the run's session. */
export async function signInAsAdmin(page: Page, to = "/admin") {
  await signInWith(page, await adminSession(page.request), to);
}

/** Puts a session in the browser as a sign-in leaves it (the cookie, and local storage's token and user once), then opens `to`. */
export async function signInWith(page: Page, session: Pick<AdminSession, "token" | "user">, to: string) {
  const baseURL = test.info().project.use.baseURL!;
  await page
    .context()
    .addCookies([{ name: "aurum.session-token", value: session.token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  await seedLocalStorage(page, session.token, session.user);
  await page.goto(to);
}

/** Has the checker approve a proposal that an answer of 202 announced; the approval's status. */
export async function approveAsChecker(request: APIRequestContext, proposed: APIResponse): Promise<number> {
  const { proposal } = (await proposed.json()) as { proposal: { id: string } };
  const res = await request.post(`/api/admin/approvals/${proposal.id}/approve`, {
    headers: { Authorization: `Bearer ${await checkerToken(request)}` },
  });
  return res.status();
}

/** Saves site settings as administrators do: what pays, prices or limits money waits for the checker, who approves it. */
export async function saveSettings(request: APIRequestContext, patch: Record<string, unknown>) {
  const res = await request.put("/api/settings/config", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: patch,
  });
  if (res.status() === 202) expect(await approveAsChecker(request, res)).toBe(200);
  else expect(res.status()).toBe(200);
}

/** Credits a user (USDT unless told) through the admin API, as an administrator would from the user page (and a second one approves from 1,000 USDT). */
export async function credit(request: APIRequestContext, username: string, amount: string, asset = "USDT") {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const found = await request.get(`/api/admin/users?q=${username}`, { headers });
  const [user] = (await found.json()).users as { id: string }[];
  const res = await request.put(`/api/admin/users/${user!.id}/manage-balance`, {
    headers,
    data: { amount, operation: "credit", reason: "e2e funding", asset },
  });
  if (res.status() === 202) expect(await approveAsChecker(request, res)).toBe(200);
  else expect(res.status()).toBe(200);
  return user!.id;
}

/** The USDT wallet on TRC20 that funding flows use (proposed and approved once; a second try is a harmless 409). */
export async function ensureUsdtWallet(request: APIRequestContext) {
  const res = await request.post("/api/admin/wallets", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      currency: "USDT",
      network: "TRC20",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      memo: null,
      minDeposit: "10",
      withdrawFee: "1",
      minWithdraw: "10",
      depositEnabled: true,
      withdrawEnabled: true,
    },
  });
  expect([202, 409]).toContain(res.status());
  // Both projects may propose it at once: the approval that comes second fails as the wallet exists.
  if (res.status() === 202) expect([200, 409]).toContain(await approveAsChecker(request, res));
}

/** A flexible USDT saving plan the tests can subscribe to (proposed and approved); its id. */
export async function ensureSavingPlan(request: APIRequestContext, name = "E2E flexible"): Promise<string> {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const res = await request.post("/api/admin/saving-plans", {
    headers,
    data: {
      name,
      asset: "USDT",
      aprBps: 600,
      termDays: 0,
      minAmount: "10",
      maxAmount: "100000",
      totalCap: "10000000",
      enabled: true,
    },
  });
  // A plan that pays interest is a proposal: the checker approves it. Both projects run this at
  // once: the one that lost the race (409 when proposed or when approved) finds the plan the other made.
  if (res.status() === 202) expect([200, 409]).toContain(await approveAsChecker(request, res));
  else expect(res.status()).toBe(409);
  const plans = (await (await request.get("/api/admin/saving-plans", { headers })).json()).plans as {
    id: string;
    name: string;
  }[];
  return plans.find((p) => p.name === name)!.id;
}
