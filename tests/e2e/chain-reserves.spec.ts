import { expect, test, type APIRequestContext } from "@playwright/test";
import { axeViolations } from "./axe";
import { signInAsAdmin } from "./helpers";

type Listed = { snapshots: { id: string }[] };

/**
 * The reserves a snapshot read on chain, on the public page and the admin's. The server follows the
 * test node (playwright.config.ts), so the day's snapshot, which the daily job takes within a minute of
 * starting, reads USDC and ether there. That one is waited for: an administrator's snapshot is one an
 * hour, and proof-of-reserves.spec.ts takes it.
 */
async function firstSnapshot(request: APIRequestContext): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get("/api/proof/snapshots");
        id = ((await res.json()) as Listed).snapshots.at(-1)?.id;
        return id;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBeTruthy();
  return id!;
}

test("the public page shows what the snapshot read on chain: the block, the sum and the addresses", async ({
  page,
  request,
}) => {
  test.slow();
  const id = await firstSnapshot(request);
  const body = (await (await request.get(`/api/proof/snapshots/${id}`)).json()) as {
    chainReserves: { asset: string; status: string; blockNumber?: string; problem?: string }[];
  };
  // Read, or unavailable when the day's snapshot came before the test tokens existed at its block
  // (a fresh node): either way the page says what the snapshot published, never another figure.
  const usdc = body.chainReserves.find((r) => r.asset === "USDC")!;
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/proof-of-reserves?snapshot=${id}`);
    const reading = page.getByTestId("chain-reserve-USDC");
    if (usdc.status === "read") {
      await expect(reading).toContainText(`At block ${Number(usdc.blockNumber).toLocaleString("en-US")}`);
      await reading.getByText(/^Addresses holding it/).click();
    } else {
      await expect(reading).toContainText("Unavailable");
      await expect(reading).toContainText(usdc.problem!);
      await expect(page.getByTestId("coverage")).toContainText("USDC on chain could not be read");
    }
    await page.getByTestId("chain-reserves").screenshot({ path: `test-results/chain-reserves-${size.width}.png` });
  }
  expect(await axeViolations(page)).toEqual([]);
});

test("the admin proof screen shows the latest snapshot's chain readings", async ({ page, request }) => {
  test.slow();
  await firstSnapshot(request);
  await signInAsAdmin(page, "/admin/proof");
  // The screen shown: a page the router keeps hidden (a route visited before) may hold another copy.
  const shown = page.getByTestId("chain-reserves").filter({ visible: true });
  await expect(shown).toBeVisible();
  await expect(shown.getByTestId("chain-reserve-ETH")).toContainText(/At block|Unavailable/);
  await shown.screenshot({ path: "test-results/admin-proof-chain-reserves.png" });
});
