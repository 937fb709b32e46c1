import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { authenticateToken, type Authenticated } from "./sessions";
import { sessionCookieValue } from "./token";

/**
 * When this request began reading, by the server's clock: taken by the first session check, which
 * every signed-in page makes before it reads anything else. Whatever changed after it may be missing
 * from the page's data.
 */
export const pageReadStartedAt = cache((): number => Date.now());

/** The signed-in caller of a page, checked against the session row once per request. */
export const currentAuth = cache(async (): Promise<Authenticated | null> => {
  pageReadStartedAt();
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
