import { describe, expect, it } from "vitest";
import { REGISTER_MESSAGES, registerFormSchema } from "@/lib/auth/register-rules";
import { COUNTRIES, findCountry } from "@/lib/core/countries";

const valid = {
  username: "goldbug",
  email: "g@example.com",
  country: "US",
  phoneNumber: "5551234",
  password: "secret1",
  confirmPassword: "secret1",
  terms: true,
};

const firstMessage = (form: typeof valid) => {
  const result = registerFormSchema.safeParse(form);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("the register form's checks (SPEC.md section 5)", () => {
  it("accepts a complete form", () => {
    expect(firstMessage(valid)).toBeNull();
  });

  // Each row breaks its own rule and every rule after it: the first broken rule must win.
  const steps: [Partial<typeof valid>, string][] = [
    [{ username: "" }, REGISTER_MESSAGES.username],
    [{ email: "" }, REGISTER_MESSAGES.email],
    [{ country: "" }, REGISTER_MESSAGES.country],
    [{ phoneNumber: "" }, REGISTER_MESSAGES.phone],
    [{ password: "", confirmPassword: "x" }, REGISTER_MESSAGES.password],
    [{ password: "12345", confirmPassword: "x" }, REGISTER_MESSAGES.passwordLength],
    [{ confirmPassword: "different" }, REGISTER_MESSAGES.mismatch],
    [{ terms: false }, REGISTER_MESSAGES.terms],
  ];
  steps.forEach(([own, message], i) => {
    it(`reports "${message}" before anything after it`, () => {
      const broken = Object.assign({}, valid, ...steps.slice(i + 1).map(([patch]) => patch), own);
      expect(firstMessage(broken)).toBe(message);
    });
  });
});

describe("the country list", () => {
  it("has about ninety countries with unique codes and dial codes", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(85);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.dialCode).toMatch(/^\+\d{1,4}$/);
    expect(findCountry("us")?.dialCode).toBe("+1");
  });
});
