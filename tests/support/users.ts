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

/** Registers a user through the API and returns its token and public user. */
export async function registerUser(overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const res = await call(registerRoute, { body: payload });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { payload, token: res.body.token as string, user: res.body.user as { id: string; username: string; referralCode: string } };
}
