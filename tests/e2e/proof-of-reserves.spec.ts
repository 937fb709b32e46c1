import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { exact, readable } from "../../lib/core/format";
import type { ProofFile } from "../../lib/proof/proof-file";
import { axeViolations } from "./axe";
import { adminToken, apiRegister, checkerSession, credit, signIn } from "./helpers";

type Snapshot = { id: string; rootHash: string; accountCount: number; totals: Record<string, string> };

// Administrators may take one snapshot an hour: the file's tests share one, in one worker.
test.describe.configure({ mode: "serial" });
let shared: ReturnType<typeof takeWithUsers> | undefined;

/** Two funded users (so every proof has a path) and an administrator's snapshot of them, taken once for the file. */
const snapshotWithUsers = (request: APIRequestContext) => (shared ??= takeWithUsers(request));

async function takeWithUsers(request: APIRequestContext) {
  const user = await apiRegister(request);
  const other = await apiRegister(request);
  await credit(request, user.username, "123.456789");
  await credit(request, other.username, "7.5");
  const res = await request.post("/api/admin/proof/snapshots", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(res.status()).toBe(201);
  return { user, snapshot: (await res.json()).snapshot as Snapshot };
}

test("signed out, the page shows a snapshot's root, its account count and totals", async ({ page, request }) => {
  const { snapshot } = await snapshotWithUsers(request);
  // Linked from the login page, and readable signed out.
  await page.goto("/login");
  await page.getByRole("link", { name: "Proof of liabilities" }).click();
  // Named for what it shows: the liabilities, and reserves once some are declared.
  await expect(page.getByRole("heading", { level: 1, name: /^Proof of liabilities( and reserves)?$/ })).toBeVisible();
  await page.goto(`/proof-of-reserves?snapshot=${snapshot.id}`);
  await expect(page.getByTestId("root-hash")).toHaveText(snapshot.rootHash);
  await expect(page.getByTestId("figure-accounts")).toHaveText(snapshot.accountCount.toLocaleString("en-US"));
  // Each asset with its shown decimals, the exact total on hover.
  const usdt = snapshot.totals.USDT!;
  await expect(page.getByTestId("figure-total-USDT")).toContainText(readable(usdt, "USDT"));
  await expect(page.getByTestId("figure-total-USDT").getByTitle(`${exact(usdt)} USDT`)).toBeVisible();
  // Assets by name first, as someone who does not know the tickers reads them.
  await expect(page.getByText("Owed to users in Tether USD (USDT)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toBeVisible();
  await expect(page.getByText("It does not show")).toBeVisible();
});

test("the page says since when two administrators hold the four eyes, and what needs both", async ({
  page,
  request,
}) => {
  // The second administrator appointed (made once per run).
  await checkerSession(request);
  await page.goto("/proof-of-reserves");
  const since = page.getByTestId("four-eyes-since");
  await expect(since).toContainText(/^Two administrators since \d{1,2} \w{3} \d{4}: /);
  await expect(since).toContainText("1,000.00 USDT or more for one user in a day");
});

test("signed in, a user verifies their balances in the browser, downloads the proof, and a tampered copy fails at its step", async ({
  page,
  request,
}) => {
  test.slow();
  const { user, snapshot } = await snapshotWithUsers(request);
  await signIn(page, user.username, user.password);
  // Linked from Home.
  await page.getByRole("link", { name: /^Proof of liabilities/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Proof of liabilities/ })).toBeVisible();
  await page.goto(`/proof-of-reserves?snapshot=${snapshot.id}`);
  await page.getByRole("button", { name: "Verify my balances" }).click();
  await expect(page.getByTestId("my-verification-outcome")).toHaveText(
    "Your balances are included in the published total.",
  );
  // Read in cents like every USDT amount; the exact figure on hover, as the proof file has it.
  await expect(page.getByTestId("my-balances")).toContainText("123.45");
  await expect(page.getByTestId("my-balances").getByTitle("123.456789 USDT")).toBeVisible();
  await expect(page.getByTestId("my-verification").getByText("The published root")).toBeVisible();
  // The leaf id is this user's own, not just a leaf with the same balances.
  await expect(page.getByTestId("my-verification").getByText("The leaf is yours")).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my proof" }).click(),
  ]);
  const proof = JSON.parse(readFileSync((await download.path())!, "utf8")) as ProofFile;
  expect(proof.snapshot.rootHash).toBe(snapshot.rootHash);
  expect(proof.account.balances.USDT).toBe("123.456789");
  expect(proof.path.length).toBeGreaterThan(0);

  expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // One unit more in the first sibling's sum: the file no longer adds up at that step.
  const tampered = structuredClone(proof);
  const sibling = tampered.path[0]!.sums;
  sibling.USDT = (BigInt(sibling.USDT!.replace(".", "")) + 1n)
    .toString()
    .padStart(7, "0")
    .replace(/(\d{6})$/, ".$1");
  // Chosen as a file, as a person does with what they downloaded: checked at once.
  const choose = (file: ProofFile, name: string) =>
    page.getByLabel("Proof file (JSON)").setInputFiles({
      name,
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
  await choose(tampered, "tampered.json");
  await expect(page.getByTestId("file-verification-outcome")).toHaveText(
    `The proof failed at: Step 1 of ${proof.path.length} of the path.`,
  );

  // The untouched file passes the same check against the published root.
  await choose(proof, "proof.json");
  await expect(page.getByTestId("file-verification-outcome")).toHaveText(
    "The balances in this proof are included in the published total.",
  );
  await expect(page.getByText("Checked: proof.json")).toBeVisible();

  // Pasting stays as a fallback: the tampered copy fails the same way.
  await page.getByText("Or paste its JSON").click();
  await page.getByLabel("Proof JSON").fill(JSON.stringify(tampered));
  await page.getByRole("button", { name: "Check this proof" }).click();
  await expect(page.getByTestId("file-verification-outcome")).toHaveText(
    `The proof failed at: Step 1 of ${proof.path.length} of the path.`,
  );
});

test("the standalone verifier downloads from the page, the repository's script byte for byte", async ({ page }) => {
  await page.goto("/proof-of-reserves");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "download the verifier" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("proof-verify.ts");
  expect(readFileSync((await download.path())!, "utf8")).toBe(readFileSync("scripts/proof-verify.ts", "utf8"));
});
