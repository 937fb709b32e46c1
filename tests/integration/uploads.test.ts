import { describe, expect, it } from "vitest";
import { GET as getUpload } from "@/app/api/uploads/[id]/route";
import { saveUpload } from "@/lib/uploads";
import { signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { registerUser } from "../support/users";

const db = withTestDatabase();
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082", "hex");

const fetchAs = (id: string, token?: string) =>
  getUpload(new Request(`http://localhost/api/uploads/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }), { params: Promise.resolve({ id }) });

describe("a private upload", () => {
  it("is served to its owner and to administrators only; anyone else gets the same 404 as for nothing", async () => {
    const [owner, other] = [await registerUser(), await registerUser()];
    const admin = await signInAdmin(db());
    const file = await saveUpload(db(), { bytes: PNG, contentType: "image/png", purpose: "test", public: false, ownerId: owner.user.id });

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
