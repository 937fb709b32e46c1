import { and, count, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as adminReadRoute, PUT as adminUpdateRoute } from "@/app/api/admin/support/[id]/route";
import { POST as adminMessageRoute } from "@/app/api/admin/support/[id]/messages/route";
import { GET as queueRoute } from "@/app/api/admin/support/route";
import { PUT as putSettings } from "@/app/api/settings/config/route";
import { POST as contactRoute } from "@/app/api/support/contact/route";
import { POST as userMessageRoute } from "@/app/api/support/conversations/[id]/messages/route";
import { GET as readRoute } from "@/app/api/support/conversations/[id]/route";
import { GET as listRoute, POST as openRoute } from "@/app/api/support/conversations/route";
import { PUT as mailPreferenceRoute } from "@/app/api/user/mail-preference/route";
import { auditLogs, notifications, outbox, supportConversations, supportMessages } from "@/db/schema";
import { linkedHosts } from "@/lib/support/links";
import { approvedBySecondAdmin, signInAdmin } from "../support/admin";
import { withTestDatabase } from "../support/db";
import { createWallet, submitDeposit, txHash } from "../support/funding";
import { call } from "../support/http";
import { registerUser, someIp, uniqueName } from "../support/users";

const db = withTestDatabase();
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  admin = await signInAdmin(db());
  expect((await createWallet(admin.token)).status).toBe(201);
});

type Message = {
  id: string;
  fromSupport: boolean;
  author: string;
  body: string;
  internal?: boolean;
  adminUsername?: string | null;
};
type Conversation = { id: string; status: string; subject: string; related: { kind: string; id: string } | null };

const open = (token: string, body: unknown, headers?: Record<string, string>) =>
  call(openRoute, { token, body, headers });
const read = (token: string, id: string) => call(readRoute, { token, params: { id } });
const write = (token: string, id: string, message: string) =>
  call(userMessageRoute, { token, params: { id }, body: { message } });
const answer = (id: string, body: Record<string, unknown>, token = admin.token) =>
  call(adminMessageRoute, { token, params: { id }, body });
const update = (id: string, body: Record<string, unknown>, token = admin.token) =>
  call(adminUpdateRoute, { method: "PUT", token, params: { id }, body });
const adminRead = (id: string) => call(adminReadRoute, { token: admin.token, params: { id } });
const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.to, to));
const auditsOf = async (id: string) =>
  (await db().select().from(auditLogs).where(eq(auditLogs.targetId, id))).map((a) => a.action).sort();

async function newDeposit(token: string) {
  const res = await submitDeposit(token, {
    currency: "USDT",
    network: "TRC20",
    amount: "150",
    txHash: txHash("TRC20"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.deposit as { id: string }).id;
}

describe("a signed-in user's conversation with support", () => {
  it("goes from question to answer: the user reads 'Aurum support · Maria', never a note or an administrator's name, by API, notification and mail", async () => {
    const alice = await registerUser();
    const depositId = await newDeposit(alice.token);
    const opened = await open(alice.token, {
      subject: "  Deposit not credited  ",
      message: "I sent 150 USDT\r\nan hour ago.",
      relatedId: depositId.toUpperCase(),
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const conversation = opened.body.conversation as Conversation;
    expect(conversation).toMatchObject({
      subject: "Deposit not credited",
      status: "open",
      related: { kind: "deposit", id: depositId },
    });
    expect(opened.body.messages).toMatchObject([
      { fromSupport: false, author: "You", body: "I sent 150 USDT\nan hour ago." },
    ]);

    const listed = await call(listRoute, { token: alice.token });
    expect(listed.body).toMatchObject({
      total: 1,
      conversations: [{ id: conversation.id, status: "open", statusLabel: "Waiting for Aurum support" }],
    });

    const queue = await call(queueRoute, { token: admin.token, path: "/api/admin/support?status=open&pageSize=100" });
    const queued = (queue.body.conversations as { id: string; requester: unknown }[]).find(
      (c) => c.id === conversation.id,
    );
    expect(queued?.requester).toEqual({ kind: "user", userId: alice.user.id, username: alice.user.username });
    const seen = await adminRead(conversation.id);
    expect(seen.body.relatedItem).toMatchObject({
      kind: "deposit",
      id: depositId,
      amount: "150.000000",
      status: "pending",
    });

    expect((await update(conversation.id, { assignToMe: true })).body.conversation).toMatchObject({
      assignedTo: { id: admin.user.id, username: admin.user.username },
    });
    const note = await answer(conversation.id, {
      message: "SECRET-NOTE: tx not on chain yet, check again at 14:00",
      internal: true,
      firstName: "Maria",
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.conversation).toMatchObject({ status: "open" });
    const reply = await answer(conversation.id, {
      message: "Thank you. Your deposit is being checked; it usually takes an hour.",
      firstName: "Maria",
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const adminMessages = reply.body.messages as Message[];
    expect(adminMessages.map((m) => [m.internal, m.adminUsername])).toEqual([
      [false, null],
      [true, admin.user.username],
      [false, admin.user.username],
    ]);

    const thread = await read(alice.token, conversation.id);
    expect(thread.body.conversation).toMatchObject({ status: "answered", statusLabel: "Answered" });
    expect((thread.body.messages as Message[]).map((m) => [m.fromSupport, m.author])).toEqual([
      [false, "You"],
      [true, "Aurum support · Maria"],
    ]);
    const everything = JSON.stringify([thread.body, (await call(listRoute, { token: alice.token })).body]);
    expect(everything).not.toContain("SECRET-NOTE");
    expect(everything).not.toContain(admin.user.username);
    expect(everything).not.toContain(admin.user.id);

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, alice.user.id))
      .orderBy(notifications.createdAt);
    expect(notice).toMatchObject({ title: "Aurum support answered" });
    expect(notice!.message).toContain("Deposit not credited: Thank you.");
    const mails = await mailsTo(alice.payload.email);
    const answered = mails.filter((m) => m.subject.includes("Aurum support answered"));
    expect(answered).toHaveLength(1);
    expect(answered[0]!.text).toContain("Aurum support · Maria wrote:");
    expect(answered[0]!.text).toContain(`/support/${conversation.id}`);
    expect(JSON.stringify(mails)).not.toContain("SECRET-NOTE");
    expect(JSON.stringify(mails)).not.toContain(admin.user.username);

    // A reply from the user is support's turn again; a closed conversation opens again when they write.
    expect((await write(alice.token, conversation.id, "Thanks, I will wait.")).body.conversation).toMatchObject({
      status: "open",
    });
    expect((await update(conversation.id, { status: "closed" })).body.conversation).toMatchObject({ status: "closed" });
    expect((await update(conversation.id, { status: "closed" })).body).toMatchObject({ changed: false });
    expect((await read(alice.token, conversation.id)).body.conversation).toMatchObject({ status: "closed" });
    expect((await write(alice.token, conversation.id, "It arrived, thank you!")).body.conversation).toMatchObject({
      status: "open",
    });
    expect((await update(conversation.id, { status: "closed", assignToMe: false })).body.conversation).toMatchObject({
      status: "closed",
      assignedTo: null,
    });
    expect((await update(conversation.id, { status: "open" })).body.conversation).toMatchObject({ status: "open" });

    expect(await auditsOf(conversation.id)).toEqual([
      "support.assign",
      "support.close",
      "support.close",
      "support.note",
      "support.reopen",
      "support.reply",
      "support.unassign",
    ]);
    const [trail] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, conversation.id), eq(auditLogs.action, "support.reply")));
    expect(trail).toMatchObject({ actorId: admin.user.id, targetType: "support_conversation" });
    expect(trail!.detail).toMatchObject({
      userId: alice.user.id,
      signedAs: "Maria",
      statusBefore: "open",
      statusAfter: "answered",
    });
  });

  it("is the user's alone: another user gets 404 for reading and writing, and cannot attach someone else's deposit", async () => {
    const alice = await registerUser();
    const mallory = await registerUser();
    const opened = await open(alice.token, { subject: "Mine", message: "Private question" });
    const id = (opened.body.conversation as Conversation).id;
    for (const res of [
      await read(mallory.token, id),
      await write(mallory.token, id, "hello"),
      await read(mallory.token, "0190f5c2-0000-7000-8000-000000000000"),
      await read(mallory.token, "not-a-uuid"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: "Conversation not found", code: "NOT_FOUND" });
    }
    expect((await call(listRoute, { token: mallory.token })).body).toMatchObject({ conversations: [], total: 0 });
    const [messages] = await db()
      .select({ n: count() })
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, id));
    expect(messages!.n).toBe(1);

    const alicesDeposit = await newDeposit(alice.token);
    const refused = await open(mallory.token, { subject: "About this", message: "?", relatedId: alicesDeposit });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "SUPPORT_RELATED_UNKNOWN" });
    expect(
      (
        await open(mallory.token, {
          subject: "About this",
          message: "?",
          relatedId: "0190f5c2-0000-7000-8000-000000000000",
        })
      ).body,
    ).toMatchObject({ code: "SUPPORT_RELATED_UNKNOWN" });
  });

  it("refuses what is not a conversation: unknown fields, empty or long text, a bad relatedId", async () => {
    const { token } = await registerUser();
    for (const [body, status] of [
      [{ subject: "x", message: "y", userId: "z" }, 400],
      [{ subject: "", message: "y" }, 400],
      [{ subject: "x".repeat(121), message: "y" }, 400],
      [{ subject: "x", message: "y".repeat(5001) }, 400],
      [{ subject: "a\u0007b", message: "y" }, 400],
      [{ subject: "x", message: "y", relatedId: "abc" }, 400],
    ] as const) {
      expect((await open(token, body)).status, JSON.stringify(body)).toBe(status);
    }
  });

  it("opens once per Idempotency-Key: a retry replays the first answer", async () => {
    const { token, user } = await registerUser();
    const body = { subject: "Twice?", message: "Once." };
    const first = await open(token, body, { "Idempotency-Key": "support-key-1" });
    const again = await open(token, body, { "Idempotency-Key": "support-key-1" });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.conversation).toEqual(first.body.conversation);
    const [rows] = await db()
      .select({ n: count() })
      .from(supportConversations)
      .where(eq(supportConversations.userId, user.id));
    expect(rows!.n).toBe(1);
  });

  it("sends no mail to a user who switched optional mail off, and still notifies them", async () => {
    const bob = await registerUser();
    expect(
      (await call(mailPreferenceRoute, { method: "PUT", token: bob.token, body: { optionalMail: false } })).status,
    ).toBe(200);
    const id = (
      (await open(bob.token, { subject: "Quiet", message: "No mail please" })).body.conversation as Conversation
    ).id;
    expect((await answer(id, { message: "Noted." })).status).toBe(201);
    expect((await mailsTo(bob.payload.email)).filter((m) => m.subject.includes("support"))).toEqual([]);
    const [n] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, bob.user.id), eq(notifications.title, "Aurum support answered")));
    expect(n!.n).toBe(1);
  });
});

describe("links in support's messages", () => {
  it("finds hosts in URLs, bare domains, look-alike dots, IDNs and addresses, and not in e-mail addresses or abbreviations", () => {
    expect(
      linkedHosts("see https://evil.example/login or evil2.example/login, www.evil3.example, evil4。example"),
    ).toEqual(["evil.example", "evil2.example", "www.evil3.example", "evil4.example"]);
    expect(linkedHosts("https://aurum.local@evil.example/ and http://10.0.0.1/x and 192.168.1.1")).toEqual([
      "evil.example",
      "10.0.0.1",
      "192.168.1.1",
    ]);
    expect(linkedHosts("visit еvil.com")).toEqual(["xn--vil-qdd.com"]);
    expect(linkedHosts("mailto:x@evil.example")).toEqual(["evil.example"]);
    expect(linkedHosts("Write to bob@gmail.com, e.g. at 9 a.m. for 1,000.50 USDT (XAUt/USDT, v1.2.3).")).toEqual([]);
  });

  it("refuses a reply or a note linking to another host (422, nothing written), takes the site's own and the allowed hosts", async () => {
    const { token } = await registerUser();
    const id = (
      (await open(token, { subject: "Link?", message: "Where do I sign in?" })).body.conversation as Conversation
    ).id;
    const before = await auditsOf(id);
    for (const message of [
      "Sign in at https://evil.example/login",
      "Go to evil.example/login",
      "www.aurum-support.example",
      "See http://localhost@evil.example/",
    ]) {
      for (const internal of [false, true]) {
        const res = await answer(id, { message, internal });
        expect(res.status, message).toBe(422);
        expect(res.body).toMatchObject({ success: false, code: "SUPPORT_FOREIGN_LINK" });
        expect(res.body.message).toMatch(/can only link to localhost\. Remove the link to/);
      }
    }
    const [written] = await db()
      .select({ n: count() })
      .from(supportMessages)
      .where(eq(supportMessages.conversationId, id));
    expect(written!.n).toBe(1);
    expect(await auditsOf(id)).toEqual(before);

    expect((await answer(id, { message: "Sign in at http://localhost:3000/login" })).status).toBe(201);
    expect((await answer(id, { message: "Read docs.example.com/help" })).status).toBe(422);
    // Allowing a host weakens a control: it waits for a second administrator, and until then nothing changes.
    const proposed = await call(putSettings, {
      method: "PUT",
      token: admin.token,
      body: { support: { allowedLinkHosts: "Docs.Example.com,  help.example.org" } },
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(202);
    expect((await answer(id, { message: "Read https://docs.example.com/help" })).status).toBe(422);
    expect((await approvedBySecondAdmin(db(), proposed)).status).toBe(200);
    expect((await answer(id, { message: "Read https://docs.example.com/help" })).status).toBe(201);
    expect((await answer(id, { message: "Or help.example.org, not help.example.com" })).status).toBe(422);
    for (const bad of ["https://x.example/", "x.example/path", ["x.example"]]) {
      expect(
        (await call(putSettings, { method: "PUT", token: admin.token, body: { support: { allowedLinkHosts: bad } } }))
          .status,
        JSON.stringify(bad),
      ).toBe(400);
    }
  });

  it("takes a first name of letters only, so the signature carries no link", async () => {
    const { token } = await registerUser();
    const id = ((await open(token, { subject: "Name", message: "?" })).body.conversation as Conversation).id;
    expect((await answer(id, { message: "Hi", firstName: "evil.example" })).status).toBe(400);
    expect((await answer(id, { message: "Hi", firstName: "Anne-Marie" })).status).toBe(201);
  });
});

describe("a signed-out visitor's message", () => {
  const contact = (body: unknown, ip = someIp()) => call(contactRoute, { body, ip });

  it("opens a conversation answered by mail: a receipt without their words, the reply and never a note", async () => {
    const email = `${uniqueName("visitor")}@example.com`;
    const sent = await contact({ email: email.toUpperCase(), message: "I cannot sign in.\nMy username is goldfan." });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ success: true, reference: expect.stringMatching(/^[0-9a-f]{8}$/) });
    const [conversation] = await db()
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.visitorEmail, email));
    expect(conversation).toMatchObject({ userId: null, subject: "I cannot sign in.", status: "open" });
    const receipt = await mailsTo(email);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).not.toContain("goldfan");

    const queue = await call(queueRoute, { token: admin.token, path: "/api/admin/support?status=open&pageSize=100" });
    expect(
      (queue.body.conversations as { id: string; requester: unknown }[]).find((c) => c.id === conversation!.id)
        ?.requester,
    ).toEqual({ kind: "visitor", email });

    expect(
      (await answer(conversation!.id, { message: "INTERNAL-ONLY: no account by that name", internal: true })).status,
    ).toBe(201);
    expect(
      (
        await answer(conversation!.id, {
          message: "Please use Forgot password on the sign-in screen.",
          firstName: "Sam",
        })
      ).status,
    ).toBe(201);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const reply = mails.find((m) => m !== mails.find((x) => x.id === receipt[0]!.id))!;
    expect(reply.text).toContain("Aurum support · Sam wrote");
    expect(reply.text).toContain("Please use Forgot password");
    expect(JSON.stringify(mails)).not.toContain("INTERNAL-ONLY");
    expect(JSON.stringify(mails)).not.toContain(admin.user.username);
  });

  it("is limited per email address and per client address (429 with Retry-After), counting nothing refused", async () => {
    const email = `${uniqueName("flood")}@example.com`;
    for (let i = 0; i < 3; i++) expect((await contact({ email, message: `hello ${i}` })).status).toBe(201);
    const fourth = await contact({ email, message: "hello 3" });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("Retry-After"))).toBeGreaterThan(0);
    const [rows] = await db()
      .select({ n: count() })
      .from(supportConversations)
      .where(eq(supportConversations.visitorEmail, email));
    expect(rows!.n).toBe(3);

    const ip = "198.51.100.77";
    for (let i = 0; i < 10; i++)
      expect((await contact({ email: `${uniqueName("net")}@example.com`, message: "hi" }, ip)).status).toBe(201);
    expect((await contact({ email: `${uniqueName("net")}@example.com`, message: "hi" }, ip)).status).toBe(429);
    // A refused or invalid attempt takes nothing from the other limit.
    expect((await contact({ email: "not-an-email", message: "hi" }, "198.51.100.78")).status).toBe(400);
    const [fromNet] = await db()
      .select({ n: count() })
      .from(supportConversations)
      .where(like(supportConversations.visitorEmail, "net_%"));
    expect(fromNet!.n).toBe(10);
  });
});

describe("support's queue", () => {
  it("filters by status, pages with a hard maximum, and puts the longest waiting first", async () => {
    const { token } = await registerUser();
    const a = ((await open(token, { subject: "First", message: "1" })).body.conversation as Conversation).id;
    const b = ((await open(token, { subject: "Second", message: "2" })).body.conversation as Conversation).id;
    const ids = (
      (await call(queueRoute, { token: admin.token, path: "/api/admin/support?status=open&pageSize=100" })).body
        .conversations as { id: string }[]
    ).map((c) => c.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    expect((await call(queueRoute, { token: admin.token, path: "/api/admin/support?pageSize=101" })).status).toBe(400);
    expect((await call(queueRoute, { token: admin.token, path: "/api/admin/support?status=pending" })).status).toBe(
      400,
    );
    const paged = await call(queueRoute, {
      token: admin.token,
      path: "/api/admin/support?status=all&page=1&pageSize=1",
    });
    expect(paged.body).toMatchObject({ page: 1, pageSize: 1 });
    expect((paged.body.conversations as unknown[]).length).toBe(1);
    expect(paged.body.total as number).toBeGreaterThanOrEqual(2);
    expect((await adminRead("0190f5c2-0000-7000-8000-000000000000")).status).toBe(404);
    expect((await update(a, {})).status).toBe(400);
  });
});
