// Aurum's service worker: shows a Web Push from Aurum (lib/push/payload.ts) as a notification, and on a
// tap focuses an open Aurum window on the screen it names, or opens one. Nothing is cached: the app is
// online-only and always served fresh.

const FALLBACK = "/notifications";

/** A path inside this site, or the notifications screen: a payload never sends a tap elsewhere. */
function screenOf(url) {
  try {
    const target = new URL(typeof url === "string" ? url : FALLBACK, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return {};
  }
}

self.addEventListener("push", (event) => {
  const push = readPush(event);
  const code = push.antiPhishingCode ? `\nCode: ${push.antiPhishingCode}` : "";
  event.waitUntil(
    self.registration.showNotification(typeof push.title === "string" ? push.title : "Aurum", {
      body: `${typeof push.body === "string" ? push.body : ""}${code}`,
      icon: "/icon.svg",
      // One entry per notification: a push sent again (a retry) replaces its own, never doubles it.
      tag: typeof push.id === "string" ? push.id : undefined,
      data: { url: screenOf(push.url), id: push.id ?? null, category: push.category ?? null },
    }),
  );
});

/**
 * Shows `url` (a notification's screen) in the Aurum window already open, or in a new one. A window
 * this worker does not control cannot be navigated from here: a new window opens instead.
 */
async function openScreen(url) {
  const screen = screenOf(url);
  const windows = await self.clients.matchAll({ type: "window" });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(screen);
  let shown;
  try {
    shown = (await open.navigate(screen)) || open;
  } catch {
    return self.clients.openWindow(screen);
  }
  try {
    await shown.focus();
  } catch {
    // Only a tap lets a worker bring a window forward; it shows the screen all the same.
  }
  return shown;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openScreen(event.notification.data && event.notification.data.url));
});

// Pages open when the worker first installs are taken over at once, so a tap can bring them to the screen.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
