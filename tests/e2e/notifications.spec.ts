import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from "@playwright/test";
import { adminToken, apiRegister, signIn, signInAsAdmin } from "./helpers";

/** Signs a fresh user in and waits until the page's socket is registered (the header's dot says Live). */
async function liveUser(page: Page) {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const id = await page.evaluate(() => (JSON.parse(localStorage.getItem("user")!) as { id: string }).id);
  return { ...user, id };
}

/** Sends through the API from the test's own request context (never the user's page, whose cookies it would replace). */
async function notify(request: APIRequestContext, userId: string, title: string, message: string) {
  const res = await request.post("/api/admin/notifications", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { title, message, userId },
  });
  expect(res.status()).toBe(201);
}

test("an admin's notification opens the dialog on the user's page at once; View opens /notifications with it read", async ({
  page,
  browser,
}) => {
  const user = await liveUser(page);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await admin.goto("/admin/create-notifications");
  await admin.getByLabel("Find a user").fill(user.email);
  await admin.getByRole("button", { name: new RegExp(user.username) }).click();
  await expect(admin.getByTestId("picked-user")).toContainText(user.username);
  await admin.getByLabel("Title").fill("Vault audit complete");
  await admin.getByLabel("Message").fill("Every bar backing your XAUt was counted.\nNothing is missing.");
  await admin.getByRole("button", { name: "Send" }).click();
  await admin.screenshot({ path: "/tmp/aurum-admin-create-notifications.png" });
  await admin.getByRole("button", { name: `Confirm and send to ${user.username}` }).click();
  await expect(admin.getByTestId("send-result")).toHaveText("Notification sent to the user");

  // Live: the dialog is up within a second of the admin's send answering.
  const dialog = page.getByRole("dialog", { name: "Vault audit complete" });
  await expect(dialog).toBeVisible({ timeout: 1_000 });
  await expect(dialog).toContainText("Every bar backing your XAUt was counted.");
  await expect(page.getByTestId("unread-badge")).toHaveText("1");
  await page.screenshot({ path: "/tmp/aurum-notification-dialog.png" });

  await dialog.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL("/notifications");
  await expect(dialog).toBeHidden();
  const item = page.getByTestId("notification").filter({ hasText: "Vault audit complete" });
  await expect(item).toHaveAttribute("data-unread", "false");
  await expect(page.getByTestId("unread-summary")).toHaveText("You are all caught up.");
  await expect(page.getByTestId("unread-badge")).toBeHidden();
  await page.screenshot({ path: "/tmp/aurum-notifications-page.png" });
  await adminContext.close();
});

test("Cancel marks the notification read; the centre lists unread ones apart and marks all read", async ({
  page,
  request,
}) => {
  const user = await liveUser(page);
  await page.goto("/notifications");
  await expect(page.getByText("No notifications yet.")).toBeVisible();
  // The new page opened its own socket: only once it is registered can a push reach it.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  await notify(request, user.id, "Deposit received", "100 USDT arrived.");
  const dialog = page.getByRole("dialog", { name: "Deposit received" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("notification").filter({ hasText: "Deposit received" })).toHaveAttribute(
    "data-unread",
    "false",
  );

  await notify(request, user.id, "Order filled", "You bought 0.5 XAUt.");
  await notify(request, user.id, "Price alert", "XAUt crossed 2,400 USDT.");
  await page.reload();
  await expect(page.getByTestId("unread-badge")).toHaveText("2");
  await expect(page.getByTestId("notification").first()).toContainText("Price alert");
  await expect(page.getByTestId("notification").filter({ hasText: "Order filled" })).toHaveAttribute(
    "data-unread",
    "true",
  );
  await page.screenshot({ path: "/tmp/aurum-notifications-unread.png" });

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("unread-summary")).toHaveText("You are all caught up.");
  await expect(page.locator('[data-testid="notification"][data-unread="true"]')).toHaveCount(0);
  await expect(page.getByTestId("unread-badge")).toBeHidden();
});

test("when the server side closes the connection, the page reconnects by itself, shows what arrived meanwhile and still receives notifications", async ({
  page,
  request,
}) => {
  const sockets: WebSocketRoute[] = [];
  // The second connection (the reconnect) waits here until the test lets it through.
  let letReconnect = () => {};
  const reconnectAllowed = new Promise<void>((resolve) => (letReconnect = resolve));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    sockets.push(ws);
    if (sockets.length > 1) await reconnectAllowed;
    ws.connectToServer();
  });
  const user = await liveUser(page);
  expect(sockets).toHaveLength(1);

  await sockets[0]!.close({ code: 1001, reason: "going away" });
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "connecting");
  // Sent while the page has no socket: no dialog can show it, but the badge must once it is back.
  await notify(request, user.id, "While you were away", "Sent during the reconnect.");
  letReconnect();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  expect(sockets).toHaveLength(2);
  await expect(page.getByTestId("unread-badge")).toHaveText("1");

  await notify(request, user.id, "Still here", "Delivered after the reconnect.");
  await expect(page.getByRole("dialog", { name: "Still here" })).toBeVisible();
  await expect(page.getByTestId("unread-badge")).toHaveText("2");
});

test("a notification read in one tab leaves the other tabs too: dialog closed, badge cleared", async ({
  page,
  request,
  context,
}) => {
  const user = await liveUser(page);
  const other = await context.newPage();
  await other.goto("/market");
  await expect(other.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  await notify(request, user.id, "Seen once", "Read it in either tab.");
  await expect(other.getByRole("dialog", { name: "Seen once" })).toBeVisible();
  await expect(other.getByTestId("unread-badge")).toHaveText("1");

  await page.getByRole("dialog", { name: "Seen once" }).getByRole("button", { name: "Cancel" }).click();
  await expect(other.getByRole("dialog", { name: "Seen once" })).toBeHidden();
  await expect(other.getByTestId("unread-badge")).toBeHidden();
});
