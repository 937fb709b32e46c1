import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/admin/deposits/[id]/approve/route";
import { POST as rejectRoute } from "@/app/api/admin/deposits/[id]/reject/route";
import { deposits, uploads } from "@/db/schema";
import { MAX_PROOF_BYTES } from "@/lib/funding/deposits";
import { MAX_PENDING_PROOF_BYTES } from "@/lib/funding/deposit-limits";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { depositFrom, proofOfSize, withEnv } from "../support/deposit-form";
import { createWallet, txHash } from "../support/funding";
import { call } from "../support/http";
import { IMAGES, jpegClaiming, pngClaiming, webpClaiming } from "../support/images";
import { registerUser } from "../support/users";

const db = withTestDatabase();
let admin: string;

beforeAll(async () => {
  admin = (await signInAdmin(db())).token;
  expect((await createWallet(admin)).status).toBe(201);
});

/** Deposits and stored files: a refusal must leave both as they were. */
async function stored() {
  const [[d], [u]] = await Promise.all([
    db().select({ n: count() }).from(deposits),
    db().select({ n: count() }).from(uploads),
  ]);
  return { deposits: d!.n, uploads: u!.n };
}

const idOf = (res: { body: Record<string, unknown> }) => (res.body.deposit as { id: string }).id;

describe("pending deposits per user", () => {
  it("are three at most: the fourth is a 409 that writes nothing, until one of them is rejected or approved", async () => {
    const user = await registerUser();
    const ip = "192.0.2.10";
    const sent = [];
    for (let i = 0; i < 3; i++) {
      const res = await depositFrom(user.token, ip);
      expect(res.status).toBe(201);
      sent.push(idOf(res));
    }
    const before = await stored();
    const fourth = await depositFrom(user.token, ip);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({
      success: false,
      code: "TOO_MANY_PENDING_DEPOSITS",
      message:
        "You have 3 deposits waiting for review, the most at once. Please submit this one after one of them is confirmed or rejected.",
    });
    expect(await stored()).toEqual(before);
    // Someone else's pending deposits are theirs alone.
    expect((await depositFrom((await registerUser()).token, ip)).status).toBe(201);

    expect(
      (await call(rejectRoute, { token: admin, params: { id: sent[0]! }, body: { reason: "No such transfer" } }))
        .status,
    ).toBe(200);
    expect((await depositFrom(user.token, ip)).status).toBe(201);
    expect((await depositFrom(user.token, ip)).status).toBe(409);
    expect((await call(approveRoute, { token: admin, params: { id: sent[1]! }, body: {} })).status).toBe(200);
    expect((await depositFrom(user.token, ip)).status).toBe(201);
    expect((await depositFrom(user.token, ip)).body).toMatchObject({ code: "TOO_MANY_PENDING_DEPOSITS" });
  });

  it("hold at most 10 MB of proof images together: exactly 10 MB passes, one byte more is a 409 that writes nothing", async () => {
    expect(MAX_PENDING_PROOF_BYTES).toBe(2 * MAX_PROOF_BYTES);
    const user = await registerUser();
    const ip = "192.0.2.11";
    const full = await depositFrom(user.token, ip, proofOfSize(MAX_PROOF_BYTES));
    expect(full.status).toBe(201);
    expect((await depositFrom(user.token, ip, proofOfSize(MAX_PROOF_BYTES - 100))).status).toBe(201);

    const before = await stored();
    const over = await depositFrom(user.token, ip, proofOfSize(101));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: "PROOF_STORAGE_FULL",
      message:
        "Your deposits waiting for review already hold 10 MB of proof images, and 10 MB is the most. Please attach a smaller screenshot, or submit this one after one of them is reviewed.",
      errors: { proof: ["Too large for now"] },
    });
    expect(await stored()).toEqual(before);
    expect((await depositFrom(user.token, ip, proofOfSize(100))).status).toBe(201);

    // A reviewed deposit's proof no longer counts.
    expect(
      (await call(rejectRoute, { token: admin, params: { id: idOf(full) }, body: { reason: "Unreadable proof" } }))
        .status,
    ).toBe(200);
    expect((await depositFrom(user.token, ip, proofOfSize(MAX_PROOF_BYTES))).status).toBe(201);
    // Five uploads of up to 5 MB, each checked and stored: 30 s was not enough under a load of 28 on two cores.
  }, 90_000);
});

describe("deposits per address", () => {
  it("are limited per hour (DEPOSITS_PER_IP_PER_HOUR), refused ones included; over it a 429 with Retry-After that writes nothing", async () => {
    await withEnv({ DEPOSITS_PER_IP_PER_HOUR: "5" }, async () => {
      const ip = "192.0.2.20";
      const [a, b] = [await registerUser(), await registerUser()];
      const hash = txHash("TRC20");
      for (let i = 0; i < 3; i++) expect((await depositFrom(a.token, ip)).status).toBe(201);
      expect((await depositFrom(b.token, ip, IMAGES.png, { txHash: hash })).status).toBe(201);
      // The fifth is within the limit: it reaches the hash check. It counts all the same.
      expect((await depositFrom(b.token, ip, IMAGES.png, { txHash: hash })).body).toMatchObject({
        code: "TX_HASH_USED",
      });

      const before = await stored();
      const sixth = await depositFrom(b.token, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
      expect(sixth.body.message).toMatch(
        /^Too many deposits were submitted from your network\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await stored()).toEqual(before);

      // The same user from another address carries on.
      expect((await depositFrom(b.token, "192.0.2.21")).status).toBe(201);
    });
  });
});

describe("a proof image's size in pixels", () => {
  it("is at most 8,000 a side and 40 megapixels, by what its header claims, whatever the format", async () => {
    const ip = "192.0.2.30";
    const accepted = [pngClaiming(8_000, 5_000), jpegClaiming(5_000, 8_000), webpClaiming(8_000, 5_000)];
    for (const proof of accepted) expect((await depositFrom((await registerUser()).token, ip, proof)).status).toBe(201);

    const user = await registerUser();
    const before = await stored();
    for (const [proof, size] of [
      [pngClaiming(60_000, 60_000), "60000 × 60000"],
      [pngClaiming(8_001, 1), "8001 × 1"],
      [jpegClaiming(1, 8_001), "1 × 8001"],
      [webpClaiming(8_000, 5_001), "8000 × 5001"],
      [pngClaiming(6_325, 6_325), "6325 × 6325"], // each side allowed, 40,005,625 pixels in all
    ] as const) {
      const res = await depositFrom(user.token, ip, proof);
      expect(res.status, size).toBe(400);
      expect(res.body, size).toMatchObject({
        code: "IMAGE_TOO_LARGE",
        message: `The image can be at most 8,000 pixels a side and 40 megapixels, and this one is ${size}: a screenshot or a smaller copy will do`,
        errors: { proof: ["Too many pixels"] },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it("must be readable from the header: one that is cut short or says 0 pixels is a 400", async () => {
    const user = await registerUser();
    const before = await stored();
    for (const proof of [
      IMAGES.png.subarray(0, 20),
      pngClaiming(0, 1),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      IMAGES.webpLossy.subarray(0, 24),
    ]) {
      const res = await depositFrom(user.token, "192.0.2.31", proof);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "UNREADABLE_IMAGE", errors: { proof: ["Unreadable image"] } });
    }
    expect(await stored()).toEqual(before);
  });
});
