import { count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as contactRoute } from "@/app/api/support/contact/route";
import { outbox, supportConversations } from "@/db/schema";
import { CONTACT_PER_ADDRESS, CONTACT_PER_EMAIL } from "@/lib/support/limits";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { uniqueName } from "../support/users";

const db = withTestDatabase();

const statusesOf = (results: { status: number }[]) => {
  const tally: Record<number, number> = {};
  for (const { status } of results) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
};

describe("the contact form's limits under a parallel burst (PostgreSQL)", () => {
  it("twenty parallel messages with one email from twenty addresses: exactly the per-email limit gets through, never a 500", async () => {
    const email = `${uniqueName("burst")}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(contactRoute, { body: { email, message: `m${i}` }, ip: `192.0.2.${10 + i}` }),
      ),
    );
    expect(statusesOf(results)).toEqual({ 201: CONTACT_PER_EMAIL.max, 429: 20 - CONTACT_PER_EMAIL.max });
    const [rows] = await db()
      .select({ n: count() })
      .from(supportConversations)
      .where(eq(supportConversations.visitorEmail, email));
    expect(rows!.n).toBe(CONTACT_PER_EMAIL.max);
    const [mails] = await db().select({ n: count() }).from(outbox).where(eq(outbox.to, email));
    expect(mails!.n).toBe(CONTACT_PER_EMAIL.max);
  });

  it("thirty parallel messages from one address with thirty emails: exactly the per-address limit gets through", async () => {
    const prefix = uniqueName("net");
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(contactRoute, { body: { email: `${prefix}_${i}@example.com`, message: "hi" }, ip: "198.51.100.9" }),
      ),
    );
    expect(statusesOf(results)).toEqual({ 201: CONTACT_PER_ADDRESS.max, 429: 30 - CONTACT_PER_ADDRESS.max });
    const [rows] = await db()
      .select({ n: count() })
      .from(supportConversations)
      .where(like(supportConversations.visitorEmail, `${prefix}_%`));
    expect(rows!.n).toBe(CONTACT_PER_ADDRESS.max);
  });
});
