import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as profileRoute } from "@/app/api/auth/profile/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { users } from "@/db/schema";
import { REGISTER_MESSAGES } from "@/lib/auth/register-rules";
import { withTestDatabase } from "../support/db";
import { call } from "../support/http";
import { registerUser, registration } from "../support/users";

const db = withTestDatabase();

async function userCount() {
  const [row] = await db().select({ n: count() }).from(users);
  return row!.n;
}

describe("POST /api/auth/register", () => {
  it("creates the user, signs them in and returns the spec's contract", async () => {
    const payload = registration();
    const res = await call(registerRoute, { body: payload });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: "Registration successful" });
    expect(res.body.user).toMatchObject({
      username: payload.username,
      email: payload.email,
      country: "DE",
      phoneCode: "+49",
      role: "user",
    });
    expect(res.body.user).not.toHaveProperty("passwordHash");
    expect(res.headers.get("set-cookie")).toContain("aurum.session-token=");

    const profile = await call(profileRoute, { token: res.body.token as string });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ username: payload.username });
  });

  it("stores an argon2id hash, never the password", async () => {
    const { payload, user } = await registerUser();
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(payload.password);
  });

  it.each([
    ["username", { username: "" }, REGISTER_MESSAGES.username],
    ["username (spaces only)", { username: "   " }, REGISTER_MESSAGES.username],
    ["email", { email: "" }, REGISTER_MESSAGES.email],
    ["country", { country: "" }, REGISTER_MESSAGES.country],
    ["phone", { phoneNumber: "" }, REGISTER_MESSAGES.phone],
    ["password", { password: "" }, REGISTER_MESSAGES.password],
    ["password length", { password: "12345" }, REGISTER_MESSAGES.passwordLength],
  ])("refuses a missing %s with the spec's message, checked in the spec's order", async (_, override, message) => {
    const before = await userCount();
    // Every later field is also bad: the message must be the first rule's.
    const later = { email: "", country: "", phoneNumber: "", password: "" };
    const order = ["username", "email", "country", "phoneNumber", "password"];
    const field = Object.keys(override)[0]!;
    const laterFields = Object.fromEntries(
      Object.entries(later).filter(([k]) => order.indexOf(k) > order.indexOf(field)),
    );
    const res = await call(registerRoute, { body: registration({ ...laterFields, ...override }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message, code: "VALIDATION_FAILED" });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ["a malformed email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["an unknown country", { country: "XX" }, REGISTER_MESSAGES.country],
    ["a dial code of another country", { phoneCode: "+1" }, "The dial code for Germany is +49"],
    ["letters in the phone number", { phoneNumber: "call-me" }, "Please enter a valid phone number"],
    [
      "a username with spaces",
      { username: "gold bug" },
      "Username must be 3 to 32 characters: letters, digits, dots, dashes or underscores",
    ],
    ["a username that is not text", { username: 42 }, REGISTER_MESSAGES.username],
    ["an unknown referral code", { referralCode: "NOPE1234" }, "Referral code not found"],
  ])("refuses %s and writes nothing", async (_, override, message) => {
    const before = await userCount();
    const res = await call(registerRoute, { body: registration(override) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(await userCount()).toBe(before);
  });

  it("refuses malformed JSON with a 400", async () => {
    const res = await call(registerRoute, {
      method: "POST",
      rawBody: "{username:",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: "INVALID_JSON" });
  });

  it("refuses a username or email already taken, whatever the case", async () => {
    const { payload } = await registerUser();
    const sameName = await call(registerRoute, { body: registration({ username: payload.username.toUpperCase() }) });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      success: false,
      code: "USERNAME_TAKEN",
      message: "This username is already taken",
    });
    const sameEmail = await call(registerRoute, { body: registration({ email: payload.email.toUpperCase() }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ success: false, code: "EMAIL_TAKEN" });
  });

  it("links the referrer when a valid referral code is given, in any case", async () => {
    const referrer = await registerUser();
    const { user } = await registerUser({ referralCode: referrer.user.referralCode.toLowerCase() });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row!.referredBy).toBe(referrer.user.id);
    expect(row!.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it("counts refused sign-ups in the default limit of 20 an hour: after 20 refusals from one address, the 21st attempt is a 429 even for a free name", async () => {
    expect(process.env.REGISTRATIONS_PER_IP_PER_HOUR).toBeUndefined();
    const ip = "198.51.100.21";
    const existing = await registerUser();
    const refusals = [
      ...Array.from(
        { length: 7 },
        () => [registration({ username: existing.payload.username }), 409, "USERNAME_TAKEN"] as const,
      ),
      ...Array.from(
        { length: 7 },
        () => [registration({ email: existing.payload.email }), 409, "EMAIL_TAKEN"] as const,
      ),
      ...Array.from(
        { length: 6 },
        () => [registration({ referralCode: "NOPE1234" }), 400, "REFERRAL_NOT_FOUND"] as const,
      ),
    ];
    for (const [body, status, code] of refusals) {
      const res = await call(registerRoute, { body, ip });
      expect(res.status, code).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const users = await userCount();
    const twentyFirst = await call(registerRoute, { body: registration(), ip });
    expect(twentyFirst.status).toBe(429);
    expect(twentyFirst.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect(Number(twentyFirst.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await call(registerRoute, { body: registration({ username: existing.payload.username }), ip })).status,
    ).toBe(429);
    expect(await userCount()).toBe(users);
  });

  it("limits the sign-ups one address makes per hour, taken names included: refused ones write nothing, other addresses carry on", async () => {
    const before = process.env.REGISTRATIONS_PER_IP_PER_HOUR;
    process.env.REGISTRATIONS_PER_IP_PER_HOUR = "3";
    try {
      const ip = "198.51.100.7";
      for (let i = 0; i < 2; i++) expect((await call(registerRoute, { body: registration(), ip })).status).toBe(201);
      // Probing for a taken name uses up the address's share like any sign-up: the 409 is not free.
      const existing = await registerUser();
      const taken = await call(registerRoute, { body: registration({ username: existing.payload.username }), ip });
      expect(taken.status).toBe(409);

      const users = await userCount();
      const refused = await call(registerRoute, { body: registration(), ip });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
      expect(refused.body.message).toMatch(
        /^Too many accounts were opened from your network\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await userCount()).toBe(users);

      for (let i = 0; i < 3; i++)
        expect((await call(registerRoute, { body: registration(), ip: "198.51.100.8" })).status).toBe(201);
    } finally {
      if (before === undefined) delete process.env.REGISTRATIONS_PER_IP_PER_HOUR;
      else process.env.REGISTRATIONS_PER_IP_PER_HOUR = before;
    }
  });
});
