import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { INSTANCE_A, INSTANCE_B } from "../../playwright.instances.config";
import { apiRegister, enrolledAdmin, signIn } from "../e2e/helpers";

test("a notification sent through instance A opens the dialog, within a second, on a page served by instance B", async ({
  page,
  request,
}) => {
  const user = await apiRegister(page.request);
  await signIn(page, user.username, user.password);
  expect(new URL(page.url()).origin).toBe(INSTANCE_B);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem("user")!) as { id: string }).id);

  const { token } = await enrolledAdmin(
    request,
    { usernameOrEmail: E2E_ADMIN.username, password: E2E_ADMIN.password },
    INSTANCE_A,
  );
  const sent = await request.post(`${INSTANCE_A}/api/admin/notifications`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: "From the other instance", message: "Sent through A, shown by B.", userId },
  });
  expect(sent.status()).toBe(201);

  const dialog = page.getByRole("dialog", { name: "From the other instance" });
  await expect(dialog).toBeVisible({ timeout: 1_000 });
  await dialog.getByRole("button", { name: "View" }).click();
  await expect(page).toHaveURL(`${INSTANCE_B}/notifications`);
  await expect(page.getByTestId("notification").filter({ hasText: "From the other instance" })).toHaveAttribute(
    "data-unread",
    "false",
  );
});
