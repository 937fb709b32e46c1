import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { authenticateToken, type Authenticated } from "./sessions";
import { sessionCookieValue } from "./token";

/** The signed-in caller of a page, checked against the session row once per request. */
export const currentAuth = cache(async (): Promise<Authenticated | null> => {
  const jar = await cookies();
  const token = sessionCookieValue((name) => jar.get(name)?.value);
  return authenticateToken(await getDb(), token);
});

export async function requireUser(): Promise<Authenticated> {
  const auth = await currentAuth();
  if (!auth) redirect("/login");
  return auth;
}

export async function requireAdmin(): Promise<Authenticated> {
  const auth = await requireUser();
  if (auth.user.role !== "admin") redirect("/");
  return auth;
}
