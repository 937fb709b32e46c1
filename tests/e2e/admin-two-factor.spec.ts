import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { adminToken, apiRegister, approveAsChecker, checkerSession, signInThroughForm, totpCode } from "./helpers";

test("a new administrator is sent to set up two-factor, cannot use the admin area or API until then, and gets in once it is on", async ({
  page,
  request,
}) => {
  // Two administrators exist first, so this appointment is a third one's (proposed, then approved).
  await checkerSession(request);
  const person = await apiRegister(request);
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const [found] = (await (await request.get(`/api/admin/users?q=${person.username}`, { headers })).json()).users as {
    id: string;
  }[];
  const proposed = await request.put(`/api/admin/users/${found!.id}/role`, { headers, data: { role: "admin" } });
  expect(proposed.status()).toBe(202);
  expect(await approveAsChecker(request, proposed)).toBe(200);

  // Signed in with the password alone, as a person would: Login sends them to the set-up.
  await signInThroughForm(page, person.username, person.password);
  await expect(page).toHaveURL(/\/admin$/);
  const setUp = page.getByTestId("admin-two-factor-required");
  await expect(setUp.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
  await page.goto("/admin/users");
  await expect(setUp).toBeVisible();
  await expect(page.getByRole("heading", { name: "Users" })).toHaveCount(0);
  expect(
    (await axeViolations(page)).map((v) => v.id),
    "the set-up screen passes axe",
  ).toEqual([]);
  const token = await page.evaluate(() => localStorage.getItem("token")!);
  const refused = await request.get("/api/admin/users", { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, code: "ADMIN_TWO_FACTOR_REQUIRED" });

  const section = setUp.getByRole("region", { name: "Two-factor sign-in" });
  await section.getByLabel("Your password").fill(person.password);
  await section.getByRole("button", { name: "Set up two-factor" }).click();
  const secret = ((await section.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  await section.getByLabel("Code from your app").fill(totpCode(secret));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByTestId("recovery-code")).toHaveCount(10);
  await section.getByLabel("I have saved them").check();
  await section.getByRole("button", { name: "Done" }).click();

  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(setUp).toHaveCount(0);
  expect((await request.get("/api/admin/users", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
});
