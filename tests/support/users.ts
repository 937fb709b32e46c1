import { randomBytes } from "node:crypto";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { call } from "./http";

export const uniqueName = (prefix = "user") => `${prefix}_${randomBytes(4).toString("hex")}`;

export function registration(overrides: Record<string, unknown> = {}) {
  const username = uniqueName();
  return {
    username,
    email: `${username}@example.com`,
    country: "DE",
    phoneCode: "+49",
    phoneNumber: "15123456789",
    password: "correct-horse",
    referralCode: "",
    ...overrides,
  };
}

/** A documentation-range address (TEST-NET-3): each user signs up from a network of their own. */
export const someIp = () => `203.0.113.${randomBytes(1)[0]}`;

/**
 * Registers a user through the API and returns its token and public user. Each comes from a
 * random address, so files that open many accounts stay under the per-address sign-up limit.
 */
export async function registerUser(overrides: Record<string, unknown> = {}, ip = someIp()) {
  const payload = registration(overrides);
  const res = await call(registerRoute, { body: payload, ip });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    payload,
    token: res.body.token as string,
    user: res.body.user as { id: string; username: string; referralCode: string },
  };
}
