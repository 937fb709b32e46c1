/**
 * `npm run bench:pages`: page weight and Lighthouse on the production build, in one run.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:pages
 *
 * Serves the build (server.ts) against a database of its own on that server (dropped at the end),
 * signs a funded user in through POST /api/auth/login and, for /login, /, /market, /trade, /records, /ai-trading and /api-docs:
 *  (a) first-load JavaScript: every `<script src>` under /_next/static that the route's HTML loads,
 *      fetched and gzipped here (zlib, level 9) and summed, beside the 150 KB budget (`nomodule`
 *      polyfills, which module-capable browsers skip, left out); this reads the page the browser gets,
 *      whatever Next's build manifests look like; then those scripts and the stylesheets as the server
 *      sends them to Chromium over HTTPS (brotli first), their bytes and the server's CPU per load;
 *  (b) Lighthouse (mobile form factor, simulated throttling: its defaults) with the session cookie
 *      as an extra header, run BENCH_RUNS times per route (default 3); the run with the median score
 *      is printed: performance score and FCP, LCP, TBT, CLS, and, below the target, what Lighthouse
 *      blames (unused JavaScript, render-blocking requests, the LCP element, main-thread work);
 *  (c) the same with Lighthouse's desktop preset (its desktop-config: desktop screen and user agent,
 *      dense-4G network, no CPU slowdown), where the user area shows its desktop layout.
 * Targets (issue 48): mobile score ≥ 90 with TBT ≤ 200 ms, desktop ≥ 98, first-load JS ≤ 150 KB gzipped,
 * per route; every run's LCP is printed under the median run, with their median (issue 24's 2.0 s).
 * The mobile CPU multiplier is Lighthouse's 4× on a machine whose CPU benchmark index is 2,700 or
 * lower and grows in proportion above it (measured in Chromium before the runs, printed).
 * BENCH_FORM_FACTORS (default "mobile,desktop") picks the Lighthouse runs; BENCH_ROUTES (default all,
 * comma-separated, e.g. "/,/market,/trade") the routes.
 * Chromium is Debian's (/usr/bin/chromium or CHROME_PATH), headless. BENCH_REPORTS=<dir> keeps each
 * Lighthouse report as JSON. BENCH_PROFILE=<dir> instead writes a CPU profile of each route's load
 * signed in, at a phone's size with the CPU slowed 4× as Lighthouse's mobile run does
 * (`<dir>/<route>.cpuprofile`, for Chrome's DevTools or a script; build with `next build
 * --no-mangling` to read the functions' names). BENCH_TIMEOUT_SECONDS (default 1800) bounds the whole run; the server,
 * Chromium and the database are cleaned up on every exit path.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { LaunchedChrome } from "chrome-launcher";
import type { Result as LighthouseResult } from "lighthouse";
import type { Browser } from "puppeteer-core";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { newId } from "@/lib/core/ids";
import { post } from "@/lib/ledger/post";
import { TOKEN_KEY, USER_KEY } from "@/components/hooks/session";
import { benchDatabase } from "./database";
import { processGroupCpuSeconds } from "./load";
import { startServer, type RunningServer } from "./server";
import { runBench, type Cleanups } from "./run";

// BENCH_RUNS=0: page weight only.
const RUNS = Math.max(0, Number(process.env.BENCH_RUNS ?? 3));
// Lighthouse's default applies a 4× CPU slowdown to what this machine did, whatever the machine: a fast
// host hides main-thread work a slow one shows (issue 48). The targets hold at 4× on a machine whose
// Lighthouse benchmark index is REFERENCE_INDEX or lower; on a faster one the multiplier grows with the
// index (5,200 → 7.7×), so the figures mean the same wherever they are taken. BENCH_CPU_SLOWDOWN sets it
// by hand instead (not the target's setting).
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? Number(process.env.BENCH_CPU_SLOWDOWN) : undefined;
const REFERENCE_INDEX = 2700;
const DEFAULT_SLOWDOWN = 4;
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const REPORTS = process.env.BENCH_REPORTS;
const PROFILES = process.env.BENCH_PROFILE;
const BUDGET_KB = 150;
const TBT_TARGET_MS = 200;
const LCP_TARGET_S = 2;
/** The middle of a sorted list, the lower one of the two for an even length. */
const middle = <T>(sorted: T[]): T => sorted[Math.floor((sorted.length - 1) / 2)]!;
type FormFactor = "mobile" | "desktop";
const TARGET_SCORE: Record<FormFactor, number> = { mobile: 90, desktop: 98 };
const FORM_FACTORS = (process.env.BENCH_FORM_FACTORS ?? "mobile,desktop")
  .split(",")
  .map((f) => f.trim())
  .filter((f): f is FormFactor => f === "mobile" || f === "desktop");
const PASSWORD = "bench-password-0123";
const ALL_ROUTES: { path: string; signedIn: boolean }[] = [
  { path: "/login", signedIn: false },
  { path: "/", signedIn: true },
  { path: "/market", signedIn: true },
  { path: "/trade", signedIn: true },
  { path: "/records", signedIn: true },
  { path: "/ai-trading", signedIn: true },
  // Public; its reference (Scalar) is a lazy chunk the HTML does not load, so it is not counted here.
  { path: "/api-docs", signedIn: false },
];
// BENCH_ROUTES="/,/trade" measures only those (a re-run of the misses); default: all of them.
const ROUTES = (process.env.BENCH_ROUTES ?? ALL_ROUTES.map((r) => r.path).join(",")).split(",").map((wanted) => {
  const route = ALL_ROUTES.find((known) => known.path === wanted.trim());
  if (!route)
    throw new Error(`BENCH_ROUTES: unknown route ${wanted} (known: ${ALL_ROUTES.map((k) => k.path).join(", ")})`);
  return route;
});
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? "met" : "MISSED");

interface Session {
  /** `name=value` of the session cookie the sign-in set, for pages. */
  cookie: string;
  /** What the sign-in page keeps in local storage (the spec's `token` and `user`), for client code. */
  storage: Record<string, string>;
}

/** Signs in through the API as the sign-in page does. */
async function signIn(base: string, username: string): Promise<Session> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ usernameOrEmail: username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: unknown };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("session-token="));
  if (!cookie) throw new Error("sign-in set no session cookie");
  return { cookie, storage: { [TOKEN_KEY]: body.token, [USER_KEY]: JSON.stringify(body.user) } };
}

interface Weight {
  scripts: { src: string; gzip: number }[];
  total: number;
  html: number;
  /** The scripts and stylesheets the HTML loads from /_next/static, as a browser asks for them. */
  files: string[];
}

/** The gzipped size of every /_next/static script the route's HTML loads, and of the HTML itself. */
async function firstLoadJs(base: string, route: string, cookie: string | null): Promise<Weight> {
  const res = await fetch(`${base}${route}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (res.status !== 200)
    throw new Error(`${route} answered ${res.status} (${res.headers.get("location") ?? "no redirect"})`);
  const html = await res.text();
  const srcs = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1]!;
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1]?.replaceAll("&amp;", "&");
    // `nomodule` scripts (Next's polyfills) are for browsers without modules: today's neither fetch nor run them.
    if (src?.includes("/_next/static/") && !/\snomodule\b/i.test(attributes)) srcs.add(src);
  }
  const scripts = await Promise.all(
    [...srcs].map(async (src) => {
      const body = await fetch(new URL(src, base)).then(async (r) => {
        if (!r.ok) throw new Error(`${src} answered ${r.status}`);
        return Buffer.from(await r.arrayBuffer());
      });
      return { src, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  scripts.sort((a, b) => b.gzip - a.gzip);
  const stylesheets = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/_next\/static\/[^"]+)"/g)].map(
    (m) => m[1]!.replaceAll("&amp;", "&"),
  );
  return {
    scripts,
    total: scripts.reduce((sum, s) => sum + s.gzip, 0),
    html: gzipSync(html, { level: 9 }).length,
    files: [...srcs, ...stylesheets],
  };
}

// Loads of a route's files per measurement: the server's CPU is read in 10 ms ticks.
const FILE_LOADS = 20;

/**
 * What the server sends and spends for one load of a route's files (`files`), asked for as Chromium
 * asks over HTTPS: the bytes on the wire, and the CPU of the server's processes (its process group)
 * per load, all of a load's files asked for at once.
 */
async function servedFiles(server: RunningServer, files: string[]): Promise<{ bytes: number; cpuMs: number }> {
  const load = () =>
    Promise.all(
      files.map(async (file) => {
        const res = await fetch(new URL(file, server.base), {
          headers: { "accept-encoding": "gzip, deflate, br, zstd" },
        });
        if (!res.ok) throw new Error(`${file} answered ${res.status}`);
        await res.arrayBuffer();
        // The length on the wire (fetch hands over the body decoded); none when it was streamed.
        return Number(res.headers.get("content-length") ?? NaN);
      }),
    );
  const bytes = (await load()).reduce((sum, n) => sum + n, 0);
  const before = processGroupCpuSeconds(server.pid);
  for (let i = 0; i < FILE_LOADS; i++) await load();
  return { bytes, cpuMs: ((processGroupCpuSeconds(server.pid) - before) * 1000) / FILE_LOADS };
}

type Audits = LighthouseResult["audits"];
const ms = (audits: Audits, id: string) => audits[id]?.numericValue ?? NaN;

/** What Lighthouse blames for a slow page, in a few short lines. */
function diagnostics(audits: Audits): string[] {
  const lines: string[] = [];
  type Item = Record<string, unknown>;
  const items = (id: string): Item[] => {
    const details = audits[id]?.details as { items?: Item[] } | undefined;
    return details?.items ?? [];
  };
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, "");
  const unused = items("unused-javascript")
    .slice(0, 3)
    .map((i) => `${short(i.url)} ${kb(Number(i.wastedBytes))}`);
  if (unused.length) lines.push(`unused JS: ${unused.join(", ")}`);
  const blocking = items("render-blocking-resources").map((i) => `${short(i.url)} ${Number(i.wastedMs).toFixed(0)} ms`);
  if (blocking.length) lines.push(`render-blocking: ${blocking.join(", ")}`);
  const lcp = items("largest-contentful-paint-element")[0] as { items?: { node?: { snippet?: string } }[] } | undefined;
  const snippet = lcp?.items?.[0]?.node?.snippet;
  if (snippet) lines.push(`LCP element: ${snippet.slice(0, 100)}`);
  const phases = (
    items("largest-contentful-paint-element")[1] as { items?: { phase?: string; timing?: number }[] } | undefined
  )?.items;
  if (phases?.length)
    lines.push(`LCP phases: ${phases.map((p) => `${p.phase} ${Number(p.timing).toFixed(0)} ms`).join(", ")}`);
  const bootup = items("bootup-time")
    .slice(0, 3)
    .map((i) => `${short(i.url)} ${Number(i.total).toFixed(0)} ms`);
  if (bootup.length) lines.push(`JS execution: ${bootup.join(", ")}`);
  const work = items("mainthread-work-breakdown")
    .slice(0, 3)
    .map((i) => `${i.groupLabel} ${Number(i.duration).toFixed(0)} ms`);
  if (work.length) lines.push(`main thread: ${work.join(", ")}`);
  return lines;
}

/**
 * One Lighthouse navigation in a fresh tab. Signed in, the cookie rides as an extra header and the
 * spec's local-storage session is written before any page script runs (Lighthouse clears the
 * origin's storage first, and the app shell sends a tab without a stored token back to /login).
 */
async function lighthouseRun(
  browser: Browser,
  url: string,
  session: Session | null,
  formFactor: FormFactor,
  slowdown: number,
): Promise<LighthouseResult> {
  const { default: lighthouse } = await import("lighthouse");
  const desktop =
    formFactor === "desktop" ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
  const page = await browser.newPage();
  try {
    if (session) {
      await page.evaluateOnNewDocument((entries: [string, string][]) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, Object.entries(session.storage));
    }
    const result = await lighthouse(
      url,
      {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        extraHeaders: session ? { Cookie: session.cookie } : undefined,
        // Merged into the mobile defaults: only the multiplier changes.
        throttling: desktop ? undefined : { cpuSlowdownMultiplier: slowdown },
      },
      desktop,
      page as unknown as Parameters<typeof lighthouse>[3],
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // Signed in, a redirect to /login would measure the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
    return lhr;
  } finally {
    await page.close().catch(() => {});
  }
}

async function main(cleanups: Cleanups) {
  if (!existsSync(CHROME_PATH))
    throw new Error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  const { db, client, url: databaseUrl, drop } = await benchDatabase("aurum_bench_pages", 2);
  cleanups.push(drop);

  // One user with money in spot, so Home and Trade show balances as they would for a customer.
  const username = `pages_${randomBytes(3).toString("hex")}`;
  const userId = newId();
  await db.insert(users).values({
    id: userId,
    username,
    email: `${username}@bench.local`,
    passwordHash: await hashPassword(PASSWORD),
    referralCode: `P${randomBytes(3).toString("hex")}`.toUpperCase(),
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
  const [version] = await client<{ v: string }[]>`select current_setting('server_version') as v`;

  const server: RunningServer = await startServer(databaseUrl, {
    AUTH_SECRET: process.env.AUTH_SECRET!,
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
    PRICE_FEED: "simulated",
    LOG_LEVEL: "warn",
  });
  cleanups.push(() => server.stop());
  const session = await signIn(server.base, username);
  const cookie = session.cookie;

  const lhVersion = (
    (await import("lighthouse/package.json", { with: { type: "json" } })) as { default: { version: string } }
  ).default.version;
  console.log(
    `Aurum page benchmark: production build on 127.0.0.1, PostgreSQL ${version!.v}, ${os.cpus().length} CPUs, Lighthouse ${lhVersion} (${FORM_FACTORS.join(" and ")}; mobile: simulated throttling), ${RUNS} run(s) per route, median shown, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });

  // Warm every route once (server-side caches, first database connections) before measuring.
  for (const route of ROUTES)
    await fetch(`${server.base}${route.path}`, { headers: route.signedIn ? { cookie } : {} }).then((r) =>
      r.arrayBuffer(),
    );

  console.log(`(a) first-load JavaScript, gzipped (budget ${BUDGET_KB} KB per route)`);
  for (const route of ROUTES) {
    const weight = await firstLoadJs(server.base, route.path, route.signedIn ? cookie : null);
    const largest = weight.scripts
      .slice(0, 3)
      .map((s) => `${path.basename(s.src.split("?")[0]!)} ${kb(s.gzip)}`)
      .join(", ");
    console.log(
      `  ${route.path.padEnd(11)} ${kb(weight.total).padStart(9)} / ${BUDGET_KB} KB  ${mark(weight.total <= BUDGET_KB * 1024).padEnd(6)}  ${weight.scripts.length} scripts (largest: ${largest}); HTML ${kb(weight.html)}`,
    );
    const served = await servedFiles(server, weight.files);
    const sent = Number.isNaN(served.bytes) ? "streamed, length unknown" : kb(served.bytes);
    console.log(
      `  ${"".padEnd(11)} its ${weight.files.length} files as served to a browser over HTTPS: ${sent}; the server's CPU per load of them ${served.cpuMs.toFixed(1)} ms`,
    );
  }

  if (RUNS === 0) return;
  const { launch } = await import("chrome-launcher");
  const chrome: LaunchedChrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  cleanups.push(async () => {
    chrome.kill();
  });
  const puppeteer = await import("puppeteer-core");
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  cleanups.push(() => browser.disconnect());
  const index = await benchmarkIndex(browser);
  const slowdown = CPU_SLOWDOWN ?? Math.max(DEFAULT_SLOWDOWN, (DEFAULT_SLOWDOWN * index) / REFERENCE_INDEX);
  console.log(
    `Lighthouse's CPU benchmark index of this machine before the runs: ${index.toFixed(0)}; mobile CPU multiplier ${slowdown.toFixed(2)}× (${CPU_SLOWDOWN ? "BENCH_CPU_SLOWDOWN, NOT the target's setting" : `${DEFAULT_SLOWDOWN}× at an index of ${REFERENCE_INDEX} or lower, in proportion above it`})`,
  );
  if (PROFILES) return profileRoutes(browser, server.base, session, PROFILES, slowdown);
  for (const [i, formFactor] of FORM_FACTORS.entries())
    await lighthouseSection(browser, server.base, session, formFactor, "bc"[i]!, slowdown);
}

/** Lighthouse's own CPU benchmark (the one each report carries), run three times in a blank tab: the median. */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const { pageFunctions } = await import("lighthouse/core/lib/page-functions.js");
  const page = await browser.newPage();
  try {
    const indexes: number[] = [];
    for (let i = 0; i < 3; i++)
      indexes.push(Number(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)));
    return middle(indexes.sort((x, y) => x - y));
  } finally {
    await page.close().catch(() => {});
  }
}

/** One load of each route at a phone's size and a phone's CPU (`slowdown` times slower), profiled from before the request until 6 s after the load event. */
async function profileRoutes(browser: Browser, base: string, session: Session, dir: string, slowdown: number) {
  mkdirSync(dir, { recursive: true });
  for (const route of ROUTES) {
    const page = await browser.newPage();
    try {
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (route.signedIn) {
        await page.evaluateOnNewDocument((entries: [string, string][]) => {
          for (const [key, value] of entries) localStorage.setItem(key, value);
        }, Object.entries(session.storage));
        await page.setExtraHTTPHeaders({ Cookie: session.cookie });
      }
      const cdp = await page.createCDPSession();
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
      await page.goto(`${base}${route.path}`, { waitUntil: "load" });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const { profile } = await cdp.send("Profiler.stop");
      const file = path.join(dir, `${route.path === "/" ? "home" : route.path.slice(1)}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`  ${route.path.padEnd(11)} profile written to ${file}`);
    } finally {
      await page.close().catch(() => {});
    }
  }
}

/** Lighthouse BENCH_RUNS times per route at one form factor; the median run printed per route. */
async function lighthouseSection(
  browser: Browser,
  base: string,
  session: Session,
  formFactor: FormFactor,
  letter: string,
  slowdown: number,
) {
  const target = TARGET_SCORE[formFactor];
  console.log(
    `(${letter}) Lighthouse ${formFactor} performance (target ≥ ${target}${formFactor === "mobile" ? `, TBT ≤ ${TBT_TARGET_MS} ms` : ""})`,
  );
  console.log(
    `  ${"route".padEnd(11)} ${"score".padStart(5)}  ${"FCP".padStart(7)} ${"LCP".padStart(7)} ${"TBT".padStart(7)} ${"CLS".padStart(6)}   all scores`,
  );
  const benchmarkIndexes: number[] = [];
  let multiplier = NaN;
  for (const route of ROUTES) {
    const runs: LighthouseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Lighthouse sometimes loses its trace on a busy machine (NO_NAVSTART, NO_FCP): that run is taken again, twice at most.
      let lhr: LighthouseResult | undefined;
      for (let attempt = 1; !lhr; attempt++) {
        try {
          lhr = await lighthouseRun(
            browser,
            `${base}${route.path}`,
            route.signedIn ? session : null,
            formFactor,
            slowdown,
          );
        } catch (err) {
          if (attempt === 3 || !(err instanceof Error && err.message.startsWith("Lighthouse:"))) throw err;
          console.log(`  ${route.path.padEnd(11)} (run ${i + 1} taken again: ${err.message.split("\n")[0]})`);
        }
      }
      runs.push(lhr);
      benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      multiplier = lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN;
      if (REPORTS)
        writeFileSync(
          path.join(REPORTS, `${formFactor}-${route.path === "/" ? "home" : route.path.slice(1)}-${i + 1}.json`),
          JSON.stringify(lhr),
        );
    }
    const score = (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const sorted = [...runs].sort((a, b) => score(a) - score(b));
    const median = middle(sorted);
    const a = median.audits;
    const met = score(median) >= target && (formFactor === "desktop" || ms(a, "total-blocking-time") <= TBT_TARGET_MS);
    console.log(
      `  ${route.path.padEnd(11)} ${String(score(median)).padStart(5)}  ${`${(ms(a, "first-contentful-paint") / 1000).toFixed(2)} s`.padStart(7)} ${`${(ms(a, "largest-contentful-paint") / 1000).toFixed(2)} s`.padStart(7)} ${`${ms(a, "total-blocking-time").toFixed(0)} ms`.padStart(7)} ${ms(a, "cumulative-layout-shift").toFixed(3).padStart(6)}   ${runs.map(score).join(", ")}  ${mark(met)}`,
    );
    if (!met) for (const why of diagnostics(a)) console.log(`              ${why}`);
    // The run shown is the median score's; LCP moves by a second between runs of one build (a race on
    // this host between the stylesheet and the scripts: docs/BENCHMARKS.md), so every run's is shown.
    const lcps = runs.map((lhr) => ms(lhr.audits, "largest-contentful-paint") / 1000).sort((x, y) => x - y);
    const within = lcps.filter((s) => s <= LCP_TARGET_S).length;
    console.log(
      `              LCP of each run ${lcps.map((s) => s.toFixed(2)).join(", ")} s; median ${middle(lcps).toFixed(2)} s, ≤ ${LCP_TARGET_S.toFixed(1)} s in ${within} of ${lcps.length}`,
    );
  }
  benchmarkIndexes.sort((x, y) => x - y);
  // Lighthouse multiplies observed main-thread time by its CPU multiplier whatever the machine: a slow machine scores low.
  console.log(
    `  Lighthouse's CPU benchmark index on this machine: median ${middle(benchmarkIndexes).toFixed(0)}; CPU multiplier applied: ${multiplier.toFixed(2)}× (below an index of 1,000 Lighthouse warns that mobile's 4× overstates a real phone)`,
  );
}

runBench(main, 1800);
