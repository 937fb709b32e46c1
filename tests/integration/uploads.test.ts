import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as uploadLogo } from "@/app/api/admin/upload/logo/route";
import { GET as getUpload } from "@/app/api/uploads/[id]/route";
import { uploads } from "@/db/schema";
import { saveUpload } from "@/lib/uploads";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { jpegClaiming, pngClaiming, webpClaiming } from "../support/images";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
  "hex",
);

const fetchAs = (id: string, token?: string) =>
  getUpload(
    new Request(`http://localhost/api/uploads/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    { params: Promise.resolve({ id }) },
  );

describe("a private upload", () => {
  it("is served to its owner and to administrators only; anyone else gets the same 404 as for nothing", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const admin = await signInAdmin(db());
    const file = await saveUpload(db(), {
      bytes: PNG,
      contentType: "image/png",
      purpose: "test",
      public: false,
      ownerId: owner.user.id,
    });

    const mine = await fetchAs(file.id, owner.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await fetchAs(file.id, admin.token)).status).toBe(200);

    const missing = await fetchAs("01900000-0000-7000-8000-000000000000", other.token);
    for (const res of [await fetchAs(file.id, other.token), await fetchAs(file.id)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(await missing.clone().json());
    }
  });
});

describe("the logo upload", () => {
  const upload = async (bytes: Buffer, token: string) => {
    const form = new FormData();
    form.set("logo", new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
    const req = new Request("http://localhost/api/admin/upload/logo", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}`, "x-aurum-client-ip": "127.0.0.1" },
    });
    const res = await uploadLogo(req, { params: Promise.resolve({}) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const stored = async () => (await db().select({ n: count() }).from(uploads))[0]!.n;

  it("refuses an image whose header claims more than 8,000 pixels a side or 40 megapixels, as proofs are, writing nothing", async () => {
    const admin = await signInAdmin(db());
    const before = await stored();
    for (const bytes of [pngClaiming(60_000, 60_000), jpegClaiming(8_001, 2), webpClaiming(6_400, 6_400)]) {
      const res = await upload(bytes, admin.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: "IMAGE_TOO_LARGE",
        errors: { logo: ["Too many pixels"] },
      });
    }
    expect(await stored()).toBe(before);
    expect((await upload(pngClaiming(8_000, 5_000), admin.token)).status).toBe(200);
  });
});
