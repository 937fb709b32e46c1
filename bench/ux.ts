/**
 * `npm run bench:ux`: how long a person waits for what they asked, in Chromium, on the production build.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres flock /tmp/aurum-bench.lock npm run bench:ux
 *
 * Serves the build (server.ts) against a database of its own (dropped at the end) with one funded
 * user and the administrator, and drives Debian's Chromium (/usr/bin/chromium or CHROME_PATH)
 * through Playwright at a phone's size (390 × 844; the administrator at 1280 × 800), BENCH_UX_RUNS
 * times each (default 20), printing p50, p95 and the worst beside the target (issue 24):
 *  - order: Confirm on /trade → the market order's result on screen (its toast, the available balance
 *    and the recent trades all showing it); target p95 ≤ 300 ms;
 *  - tab: a tap on a tab of the bottom bar → the next screen's own content painted (its heading, no
 *    skeleton), cycling Home → Market → Trade → Records → Profile; target p95 ≤ 300 ms;
 *  - notification: an administrator's Confirm on /admin/create-notifications (to this one user) → the
 *    floating dialog painted on the user's screen; target p95 ≤ 250 ms;
 *  - sign-in: Sign in on /login → Home's content painted; the spec's one-second pause after the
 *    answer (SPEC.md section 4) is in it, so it is also printed without that pause: answer → Home,
 *    less 1,000 ms; target ≤ 1 s.
 * And, without a browser, the signed-in pages' time to first byte (GET with the session cookie,
 * to the first chunk of the body) on /, /market, /trade, /records and /ai-trading; target ≤ 150 ms.
 * Times are taken inside the pages: the click event's time, and the first animation frame after what
 * was awaited appeared in the DOM (the frame that paints it), so Playwright's own overhead is not in
 * them. Across two pages (the notification) both read Date.now() on the same machine.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { newId } from "@/lib/core/ids";
import { post } from "@/lib/ledger/post";
import { benchDatabase } from "./database";
import { startServer, type RunningServer } from "./server";
import { runBench, type Cleanups } from "./run";

const RUNS = Math.max(1, Number(process.env.BENCH_UX_RUNS ?? 20));
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PASSWORD = "bench-password-0123";
const ADMIN = { username: "admin", password: randomBytes(12).toString("hex") };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SPEC_PAUSE_MS = 1000;
const TABS = [
  { label: "Market", path: "/market" },
  { label: "Trade", path: "/trade" },
  { label: "Records", path: "/record" },
  { label: "Profile", path: "/profile" },
  { label: "Home", path: "/" },
];

/**
 * Installed in every page: `__armed(test, clock)` resolves with the time of the first animation frame
 * after `test()` holds (checked on every DOM change), and `__clicked` keeps the time of the last click.
 * A string, as tsx's helpers (`__name`) would not exist in the page.
 */
const PAGE_PROBES = `
  const now = (clock) => (clock === "date" ? Date.now() : performance.now());
  document.addEventListener("click", () => (window.__clicked = { perf: performance.now(), date: Date.now() }), true);
  window.__armed = (test, clock) =>
    new Promise((resolve) => {
      const done = () => {
        observer.disconnect();
        requestAnimationFrame(() => resolve(now(clock)));
      };
      const observer = new MutationObserver(() => test() && done());
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      if (test()) done();
    });
`;

/** Arms a watch in `page` for `condition` (a function body over `document`); returns its handle. */
let armed = 0;
async function arm(page: Page, condition: string, clock: "perf" | "date" = "perf") {
  const id = `__result${++armed}`;
  await page.evaluate(
    ([condition, clock, id]) => {
      const w = window as unknown as Record<string, unknown>;
      const test = new Function(condition) as () => boolean;
      w[id] = (w.__armed as (t: () => boolean, c: string) => Promise<number>)(test, clock);
    },
    [condition, clock, id] as const,
  );
  return {
    /** Milliseconds from the last click to the frame that painted what was awaited. */
    async since(clickPage: Page = page): Promise<number> {
      const painted = await page.evaluate((id) => (window as unknown as Record<string, Promise<number>>)[id]!, id);
      const clicked = await clickPage.evaluate(
        (clock) => (window as unknown as { __clicked: Record<string, number> }).__clicked[clock]!,
        clock,
      );
      return painted - clicked;
    },
  };
}

interface Figures {
  name: string;
  samples: number[];
  target: number;
  note?: string;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

function report({ name, samples, target, note }: Figures) {
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  const worst = Math.max(...samples);
  console.log(
    `  ${name.padEnd(34)} p50 ${`${p50.toFixed(0)} ms`.padStart(8)}  p95 ${`${p95.toFixed(0)} ms`.padStart(8)}  worst ${`${worst.toFixed(0)} ms`.padStart(8)}  n=${samples.length}  target p95 ≤ ${target} ms: ${p95 <= target ? "met" : "MISSED"}${note ? `  (${note})` : ""}`,
  );
}

async function seedUser(db: Awaited<ReturnType<typeof benchDatabase>>["db"]) {
  const username = `ux_${randomBytes(3).toString("hex")}`;
  const userId = newId();
  await db.insert(users).values({
    id: userId,
    username,
    email: `${username}@bench.local`,
    passwordHash: await hashPassword(PASSWORD),
    referralCode: `U${randomBytes(3).toString("hex")}`.toUpperCase(),
  });
  for (const [asset, units] of [
    ["USDT", 10_000_000_000n],
    ["XAUT", 2_000_000n],
  ] as const) {
    await post(db, {
      kind: "deposit",
      memo: "benchmark funding",
      legs: [
        { account: { userId, asset, kind: "spot" }, amount: units },
        { account: { system: "external", asset }, amount: -units },
      ],
    });
  }
  return username;
}

/** A new tab signed in through the sign-in form, on Home. */
/** `totpSecret`: the account has two-factor on (administrators), and the form's second step gets the app's next code. */
async function signedInPage(
  browser: Browser,
  base: string,
  username: string,
  password: string,
  viewport = PHONE,
  totpSecret?: string,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport });
  await context.addInitScript(PAGE_PROBES);
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username or email").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (totpSecret) {
    await page
      .getByLabel("Authentication code")
      .fill(TOTP.generate({ secret: Secret.fromBase32(totpSecret), timestamp: Date.now() + 30_000 }));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
  }
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
  return page;
}

/** Turns two-factor on for an account through the API, as an administrator's first sign-in asks; its secret. */
async function enrolTwoFactor(base: string, account: { username: string; password: string }): Promise<string> {
  const send = async (path: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as Record<string, string>;
  const { token } = await send("/api/auth/login", { usernameOrEmail: account.username, password: account.password });
  const { secret } = await send("/api/user/2fa/setup", { password: account.password }, token);
  await send("/api/user/2fa/enable", { code: TOTP.generate({ secret: Secret.fromBase32(secret!) }) }, token);
  return secret!;
}

async function live(page: Page) {
  await page.locator('[data-testid="live-status"][data-status="live"]').waitFor({ state: "attached", timeout: 30_000 });
}

async function signInToHome(
  browser: Browser,
  base: string,
  username: string,
): Promise<{ total: number; afterPause: number }> {
  const context = await browser.newContext({ baseURL: base, viewport: PHONE });
  await context.addInitScript(PAGE_PROBES);
  const page = await context.newPage();
  try {
    await page.goto("/login");
    await page.getByLabel("Username or email").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    const answered = await arm(page, `return !!document.querySelector('[data-testid="toast"]')`);
    const home = await arm(
      page,
      `return location.pathname === "/" && !!document.querySelector('main [data-testid="signed-in-user"]') && !document.querySelector('main [data-testid="loading"]')`,
    );
    await page.getByRole("button", { name: "Sign in" }).click();
    const total = await home.since();
    const answer = await answered.since();
    return { total, afterPause: total - answer - SPEC_PAUSE_MS };
  } finally {
    await context.close();
  }
}

async function orders(page: Page): Promise<number[]> {
  await page.goto("/trade");
  await page.getByTestId("ask").waitFor();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await page.getByLabel("Quantity (XAUt)").fill("0.001");
    await page.getByRole("button", { name: "Review buy" }).click();
    const available = await page.getByTestId("available").textContent();
    const firstTrade = await page
      .getByRole("list", { name: "Recent trades" })
      .getByTestId("order")
      .first()
      .getAttribute("id")
      .catch(() => null);
    const shown = await arm(
      page,
      `const available = document.querySelector('[data-testid="available"]')?.textContent;
       const trade = document.querySelector('ul[aria-label="Recent trades"] [data-testid="order"]')?.id ?? null;
       const toast = document.querySelector('[data-testid="toast"]')?.textContent ?? "";
       return available !== ${JSON.stringify(available)} && trade !== ${JSON.stringify(firstTrade)} && /bought/i.test(toast);`,
    );
    await page.getByRole("button", { name: "Confirm buy" }).click();
    samples.push(await shown.since());
    // The toast of this order must be gone before the next one's can be told apart.
    await page.getByTestId("toast").waitFor({ state: "detached", timeout: 10_000 });
  }
  return samples;
}

async function tabs(page: Page): Promise<number[]> {
  await page.goto("/");
  await page.getByTestId("signed-in-user").waitFor();
  const nav = page.getByRole("navigation", { name: "Main" });
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const tab = TABS[i % TABS.length]!;
    const shown = await arm(
      page,
      `const h1 = document.querySelector("main h1");
       if (!h1 || h1.dataset.benchSeen || location.pathname !== ${JSON.stringify(tab.path)} || document.querySelector('main [data-testid="loading"]')) return false;
       return true;`,
    );
    // The heading on screen now is marked, so the next screen's heading is a new one.
    await page.evaluate(() =>
      document.querySelectorAll("main h1").forEach((h) => ((h as HTMLElement).dataset.benchSeen = "1")),
    );
    await nav.getByRole("link", { name: tab.label, exact: true }).click();
    samples.push(await shown.since());
    await page.waitForLoadState("networkidle").catch(() => {});
  }
  return samples;
}

async function notifications(admin: Page, user: Page, username: string): Promise<number[]> {
  await admin.goto("/admin/create-notifications");
  await admin.getByLabel("Find a user").fill(username);
  await admin.getByRole("list", { name: "Matching users" }).getByRole("button").first().click();
  await user.goto("/records");
  await live(user);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const title = `Bench ${i} ${randomBytes(2).toString("hex")}`;
    await admin.getByLabel("Title").fill(title);
    await admin.getByLabel("Message").fill("A benchmark notification.");
    await admin.getByRole("button", { name: "Send", exact: true }).click();
    const shown = await arm(
      user,
      `return [...document.querySelectorAll("dialog[open] h2")].some((h) => h.textContent === ${JSON.stringify(title)});`,
      "date",
    );
    await admin.getByRole("button", { name: /^Confirm and send/ }).click();
    samples.push(await shown.since(admin));
    await admin.getByTestId("send-result").waitFor();
    await user.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await user.getByRole("dialog").waitFor({ state: "detached" });
  }
  return samples;
}

/** Time to the first byte of each signed-in page's body, as a browser's first load asks for it. */
async function firstBytes(page: Page, base: string): Promise<Figures[]> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const figures: Figures[] = [];
  for (const route of ["/", "/market", "/trade", "/records", "/ai-trading"]) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await fetch(`${base}${route}`, { headers: { cookie }, redirect: "manual" });
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}`);
      const reader = res.body!.getReader();
      await reader.read();
      samples.push(performance.now() - started);
      await reader.cancel();
    }
    figures.push({ name: `first byte of ${route}`, samples, target: 150 });
  }
  return figures;
}

async function main(cleanups: Cleanups) {
  if (!existsSync(CHROME_PATH))
    throw new Error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const { db, client, url: databaseUrl, drop } = await benchDatabase("aurum_bench_ux", 2);
  cleanups.push(drop);
  const username = await seedUser(db);
  const [version] = await client<{ v: string }[]>`select current_setting('server_version') as v`;
  const server: RunningServer = await startServer(databaseUrl, {
    AUTH_SECRET: process.env.AUTH_SECRET!,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PRICE_FEED: "simulated",
    LOG_LEVEL: "warn",
  });
  cleanups.push(() => server.stop());

  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
  cleanups.push(() => browser.close());
  console.log(
    `Aurum UX benchmark: production build on 127.0.0.1, PostgreSQL ${version!.v}, ${os.cpus().length} CPUs, Chromium ${browser.version()} headless, ${RUNS} runs each, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

  // One untimed pass through every screen first: the server's first renders and connections.
  const warm = await signedInPage(browser, server.base, username, PASSWORD);
  for (const tab of TABS) await warm.goto(tab.path);
  await warm.context().close();

  const signIns: { total: number; afterPause: number }[] = [];
  for (let i = 0; i < RUNS; i++) signIns.push(await signInToHome(browser, server.base, username));

  const page = await signedInPage(browser, server.base, username, PASSWORD);
  const orderSamples = await orders(page);
  const tabSamples = await tabs(page);
  const admin = await signedInPage(
    browser,
    server.base,
    ADMIN.username,
    ADMIN.password,
    DESKTOP,
    await enrolTwoFactor(server.base, ADMIN),
  );
  const notificationSamples = await notifications(admin, page, username);

  console.log(
    `  (load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  report({ name: "Confirm → market order on screen", samples: orderSamples, target: 300 });
  report({ name: "tab tap → next screen painted", samples: tabSamples, target: 300 });
  report({ name: "admin's send → dialog on screen", samples: notificationSamples, target: 250 });
  report({
    name: "sign-in → Home painted",
    samples: signIns.map((s) => s.total),
    target: 1000 + SPEC_PAUSE_MS,
    note: `the spec's ${SPEC_PAUSE_MS} ms pause included`,
  });
  report({
    name: "  the same without the spec's pause",
    samples: signIns.map((s) => s.afterPause),
    target: 1000,
    note: "answer → Home, less the pause",
  });
  for (const figures of await firstBytes(page, server.base)) report(figures);
}

runBench(main, 900);
