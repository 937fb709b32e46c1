import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E_PUSH_PORT } from "../../playwright.config";
import { startPushService, type PushService } from "../support/push-service";
import { adminToken, apiRegister, signIn } from "./helpers";

let service: PushService;
test.beforeAll(async () => {
  service = await startPushService(E2E_PUSH_PORT);
});
test.afterAll(() => service.close());

/**
 * Headless Chromium has no push service of its own (subscribing needs Google's, out of reach here),
 * so the page's PushManager hands out a subscription on the test's local push service instead, with
 * keys the test holds. Everything else is the browser's own: the permission, the service worker,
 * its notifications.
 */
async function fakePushManager(page: Page, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  await page.addInitScript((sub) => {
    const KEY = "e2e-push-subscribed";
    const made = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, "1");
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/** The id DevTools gives this origin's service worker registration, and the session (with its ServiceWorker domain on) that knows it. */
async function registration(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  const found: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => found.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => found.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)?.registrationId).toBeTruthy();
  return { cdp, id: found.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)!.registrationId };
}

/** The functions public/sw.js declares at its top level (globals of the worker). */
type WorkerScope = { screenOf(url: unknown): string; openScreen(url: unknown): Promise<unknown> };

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url: string; category: string },
    })),
  );

test("push turned on in Security reaches the service worker as a notification that opens its screen; then turned off", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const sub = service.subscription();
  await fakePushManager(page, sub);
  await context.grantPermissions(["notifications"], { origin });
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password, "/security-management");

  const section = page.getByRole("region", { name: "Push notifications" });
  await expect(section.getByTestId("push-devices-empty")).toHaveText("No device has push on.");
  await section.getByRole("button", { name: "Turn on for this device" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Push notifications are on for this device");
  const device = section.getByTestId("push-device");
  await expect(device).toHaveCount(1);
  await expect(device).toContainText("This device");
  await expect(device).toContainText(`127.0.0.1:${E2E_PUSH_PORT}`);
  await expect(section.getByRole("button", { name: "Turn on for this device" })).toBeHidden();

  // A real notification: the server encrypts it to the device's keys and posts it to the push
  // service. Sent from the test's own request context, never the page's (whose cookies it would replace).
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem("user")!) as { id: string }).id);
  const sent = await request.post("/api/admin/notifications", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { userId, title: "Vault audit", message: "Every bar was counted." },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const path = new URL(sub.endpoint).pathname;
  await expect.poll(() => service.received.filter((p) => p.path === path).length, { timeout: 20_000 }).toBe(1);
  const push = service.received.find((p) => p.path === path)!;
  expect(service.failures).toEqual([]);
  expect(push.payload).toMatchObject({ title: "Vault audit", body: "Every bar was counted.", url: "/notifications" });

  // What the push service would hand the browser, delivered to the registered worker.
  const { cdp, id } = await registration(context, page, origin);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: id,
    data: JSON.stringify(push.payload),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: "Vault audit",
        body: "Every bar was counted.",
        tag: push.payload.id,
        data: { url: "/notifications", id: push.payload.id, category: "messages" },
      },
    ]);

  // A tap: headless Chromium cannot click a notification, so the worker's own handler step runs
  // on the notification's data, taking this window to the screen; another origin is never a target.
  const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)!;
  const screenOf = (url: string) => worker.evaluate((u) => (self as unknown as WorkerScope).screenOf(u), url);
  expect(await screenOf("https://evil.example/x")).toBe("/notifications");
  expect(await screenOf("/records?x=1")).toBe("/records?x=1");
  await worker.evaluate((u) => (self as unknown as WorkerScope).openScreen(u), push.payload.url as string);
  await expect(page).toHaveURL(`${origin}/notifications`);
  await expect(page.getByTestId("notification").filter({ hasText: "Vault audit" })).toBeVisible();

  await page.goto("/security-management");
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/aurum-push-${size.width}.png` });
  }
  await section.getByRole("button", { name: /Turn off push for .* \(this device\)/ }).click();
  await expect(page.getByTestId("toast")).toHaveText("Push notifications are off for that device");
  await expect(section.getByTestId("push-devices-empty")).toBeVisible();
  await expect(section.getByRole("button", { name: "Turn on for this device" })).toBeVisible();
});
