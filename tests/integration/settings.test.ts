import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/approvals/[id]/approve/route";
import { POST as uploadLogo } from "@/app/api/admin/upload/logo/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { GET as getConfig, PUT as putConfig } from "@/app/api/settings/config/route";
import { GET as getUpload } from "@/app/api/uploads/[id]/route";
import { auditLogs } from "@/db/schema";
import { getSettings } from "@/lib/settings";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registration, registerUser } from "../support/users";

const db = withTestDatabase();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await signInAdmin(db())).token;
});

// A real 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function upload(bytes: Uint8Array, name: string, type: string, token = adminToken) {
  const form = new FormData();
  form.set("logo", new File([new Uint8Array(bytes)], name, { type }));
  const req = new Request("http://localhost/api/admin/upload/logo", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "x-aurum-client-ip": "127.0.0.1" },
  });
  return uploadLogo(req, { params: Promise.resolve({}) }).then(async (res) => ({
    status: res.status,
    body: await res.json(),
  }));
}

describe("site settings", () => {
  it("shows visitors the public settings and admins all of them", async () => {
    const visitor = await call(getConfig);
    expect(visitor.body).toEqual({
      success: true,
      config: { siteName: "Aurum", logoUrl: null, supportUrl: null, registrationOpen: true },
    });
    const { token } = await registerUser();
    expect(Object.keys((await call(getConfig, { token })).body.config as object)).toEqual([
      "siteName",
      "logoUrl",
      "supportUrl",
      "registrationOpen",
    ]);
    const asAdmin = await call(getConfig, { token: adminToken });
    expect(asAdmin.body.config).toMatchObject({ trading: { feeBps: 20 }, withdrawals: { minAmount: "10" } });
  });

  it("saves a valid change, audited with before and after; refuses an invalid one whole", async () => {
    const saved = await call(putConfig, {
      method: "PUT",
      token: adminToken,
      body: { siteName: "Golden Vault", supportUrl: "https://help.example.com", trading: { feeBps: 20 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.config).toMatchObject({
      siteName: "Golden Vault",
      supportUrl: "https://help.example.com",
      trading: { feeBps: 20, spreadBps: 30 },
    });

    for (const [body, message] of [
      [{ siteName: "" }, "The site name is required"],
      [{ trading: { feeBps: 1.5 } }, "The trading fee must be a whole number of basis points"],
      [{ trading: { feeBps: -1 } }, "The trading fee cannot be negative"],
      [{ supportUrl: "javascript:alert(1)" }, "The support link must start with https:// or mailto:"],
      [{ logoUrl: "https://evil.example/x.png" }, 'Unrecognized key: "logoUrl"'],
      [{ trading: { minQuantity: "0.0000001" } }, "trading.minQuantity: XAUt amounts have at most 6 decimals"],
      [{ trading: { dailyLimit: "10.1234567" } }, "trading.dailyLimit: USDT amounts have at most 6 decimals"],
      [{ trading: { minQuantity: "0" } }, "The minimum quantity must be greater than zero"],
      [
        { trading: { minQuantity: "5", maxQuantity: "1" } },
        "The minimum quantity cannot be above the maximum quantity",
      ],
      [{ trading: { maxQuantity: "0.0001" } }, "The minimum quantity cannot be above the maximum quantity"],
    ] as const) {
      const res = await call(putConfig, { method: "PUT", token: adminToken, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await call(getConfig)).body.config).toMatchObject({ siteName: "Golden Vault" });
    const audits = await db().select().from(auditLogs);
    expect(audits.filter((a) => a.action === "settings.update")).toHaveLength(1);
  });

  it("closing registration refuses new sign-ups", async () => {
    await call(putConfig, { method: "PUT", token: adminToken, body: { registrationOpen: false } });
    const res = await call(registerRoute, { body: registration() });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: "REGISTRATION_CLOSED", message: "Registration is closed at the moment" });
    await call(putConfig, { method: "PUT", token: adminToken, body: { registrationOpen: true } });
  });
});

describe("POST /api/admin/upload/logo", () => {
  it("accepts a real PNG, serves it to anyone, and points the settings at it", async () => {
    const res = await upload(PNG, "logo.png", "image/png");
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    expect((await call(getConfig)).body.config).toMatchObject({ logoUrl: res.body.logoUrl });

    const id = res.body.logoUrl.split("/").pop();
    const served = await getUpload(new Request(`http://localhost${res.body.logoUrl}`), {
      params: Promise.resolve({ id }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "logo.svg",
      "image/svg+xml",
      "Only PNG, JPEG or WebP images are accepted",
    ],
    [
      "HTML",
      Buffer.from("<html><script>alert(1)</script></html>"),
      "logo.html",
      "text/html",
      "Only PNG, JPEG or WebP images are accepted",
    ],
    [
      "a text file renamed .png",
      Buffer.from("just some text"),
      "logo.png",
      "image/png",
      "Only PNG, JPEG or WebP images are accepted",
    ],
    [
      "an oversized PNG",
      Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      "big.png",
      "image/png",
      "The image can be at most 2 MB",
    ],
  ])("refuses %s with a 400", async (_, bytes, name, type, message) => {
    const before = (await call(getConfig)).body.config;
    const res = await upload(bytes, name, type);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await call(getConfig)).body.config).toEqual(before);
  });

  it("is for administrators only, and a missing file is a 400", async () => {
    const { token } = await registerUser();
    expect((await upload(PNG, "logo.png", "image/png", token)).status).toBe(403);
    const req = new Request("http://localhost/api/admin/upload/logo", {
      method: "POST",
      body: new FormData(),
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const res = await uploadLogo(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Attach the image in the "logo" field');
  });
});

describe("settings that pay, value or limit money, or weaken a control", () => {
  type Change = { label: string; before: string; after: string };
  const put = (body: Record<string, unknown>, token = adminToken) => call(putConfig, { method: "PUT", token, body });
  const changesOf = (res: { body: Record<string, unknown> }) => (res.body.proposal as { changes: Change[] }).changes;
  const approve = async (res: { body: Record<string, unknown> }) =>
    call(approveRoute, {
      token: (await signInAdmin(db())).token,
      params: { id: (res.body.proposal as { id: string }).id },
    });

  it("each waits for a second administrator, showing the value before and after, and nothing changes until then", async () => {
    const before = await getSettings(db());
    for (const [section, key, value] of [
      ["referral", "rewardUsdt", "500000"],
      ["trading", "feeBps", 0],
      ["trading", "spreadBps", 1000],
      ["trading", "minQuantity", "0.0001"],
      ["trading", "maxQuantity", "999999"],
      ["trading", "dailyLimit", "999999"],
      ["withdrawals", "minAmount", "0.01"],
      ["withdrawals", "fee", "0"],
      ["withdrawals", "dailyLimit", "99999999"],
      ["storage", "annualRateBps", 0 === before.storage.annualRateBps ? 5 : 0],
      ["approvals", "thresholdUsdt", "1000000"],
    ] as const) {
      const res = await put({ [section]: { [key]: value } });
      expect(res.status, `${section}.${key}`).toBe(202);
      const was = (before[section] as Record<string, unknown>)[key];
      expect(changesOf(res)).toEqual([{ label: `${section}.${key}`, before: String(was), after: String(value) }]);
    }
    expect(await getSettings(db())).toEqual(before);
  });

  it("a save of both kinds saves the site's own at once and proposes the rest, and says both", async () => {
    const res = await put({
      siteName: "Gold Mixed",
      trading: { feeBps: 25, spreadBps: 30 },
      referral: { rewardUsdt: "5" },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      success: true,
      saved: ["siteName"],
      config: { siteName: "Gold Mixed", trading: { feeBps: 20 } },
    });
    expect(res.body.message).toMatch(/^Saved siteName\. Waiting for a second administrator/);
    // The checker sees every field that would change (the unchanged spread is not one).
    expect(changesOf(res)).toEqual([
      { label: "trading.feeBps", before: "20", after: "25" },
      { label: "referral.rewardUsdt", before: "0", after: "5" },
    ]);
    expect((await approve(res)).status).toBe(200);
    expect(await getSettings(db())).toMatchObject({
      siteName: "Gold Mixed",
      trading: { feeBps: 25 },
      referral: { rewardUsdt: "5" },
    });
  });

  it("switching trading or withdrawals off acts at once; on waits", async () => {
    for (const section of ["trading", "withdrawals"] as const) {
      expect((await put({ [section]: { enabled: false } })).status).toBe(200);
      expect((await getSettings(db()))[section].enabled).toBe(false);
      const on = await put({ [section]: { enabled: true } });
      expect(on.status).toBe(202);
      expect((await getSettings(db()))[section].enabled).toBe(false);
      expect((await approve(on)).status).toBe(200);
      expect((await getSettings(db()))[section].enabled).toBe(true);
    }
  });

  it("approval changes only the proposal's fields, and fails as stale when one moved since it was proposed", async () => {
    const fee = await put({ trading: { feeBps: 26 } });
    // Another administrator switches withdrawals off meanwhile: approving the fee must not switch them back on.
    expect((await put({ withdrawals: { enabled: false } })).status).toBe(200);
    expect((await approve(fee)).status).toBe(200);
    expect(await getSettings(db())).toMatchObject({ trading: { feeBps: 26 }, withdrawals: { enabled: false } });

    const spread = await put({ trading: { spreadBps: 50 } });
    const rival = await put({ trading: { spreadBps: 40 } });
    expect((await approve(rival)).status).toBe(200);
    const stale = await approve(spread);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "PROPOSAL_STALE", proposal: { status: "failed" } });
    expect((await getSettings(db())).trading.spreadBps).toBe(40);
    // Invalid values are refused when proposed, not when approved.
    expect((await put({ trading: { spreadBps: 5000 } })).status).toBe(400);
  });
});
