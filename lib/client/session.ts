"use client";

import type { PublicUser } from "@/lib/auth/user-view";

// The spec's local storage keys.
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
export const REDIRECT_DELAY_MS = 1000;

export function saveSession(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Calls the JSON API with the stored token as Bearer, as every call of the spec does. */
export async function api<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  const token = storedToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const res = await fetch(path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as T };
}

/** A same-site path to return to after sign-in, never another origin. */
export function safeNext(next: string | null | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
}
