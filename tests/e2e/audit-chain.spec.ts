import { expect, test } from "@playwright/test";
import { adminToken, apiRegister, signInAsAdmin } from "./helpers";

test("the admin dashboard says the audit chain is intact, with its length and head, at 390 and 1280 px", async ({
  page,
  request,
}) => {
  // One audited action, so the chain has a head: a notification to a new user of this test's own.
  const user = await apiRegister(request);
  const login = await request.post("/api/auth/login", {
    data: { usernameOrEmail: user.username, password: user.password },
  });
  const userId = ((await login.json()) as { user: { id: string } }).user.id;
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  expect(
    (
      await request.post("/api/admin/notifications", {
        headers,
        data: { title: "Audit chain", message: "A row for the chain", userId },
      })
    ).status(),
  ).toBe(201);

  await signInAsAdmin(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto("/admin");
    const line = page.getByTestId("audit-chain");
    // The first look waits a second for the instance's first walk; a reload then shows its result.
    await expect(async () => {
      await page.reload();
      await expect(line).toContainText(
        /^Audit chain intact \([\d,]+ entr(y|ies), head #[\d,]+ [0-9a-f]{16}…\)\. Checked (today|yesterday) \d\d:\d\d\./,
        { timeout: 2_000 },
      );
      // In the reader's zone, as every other time: never a UTC clock.
      await expect(line).not.toContainText("UTC");
    }).toPass({ timeout: 20_000 });
    const chain = (await (await request.get("/api/admin/audit/chain", { headers })).json()) as {
      chain: { state: string };
    };
    expect(chain.chain.state).toBe("intact");
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/aurum-audit-chain-${width}.png` });
  }
});
