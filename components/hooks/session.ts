"use client";

import type { PublicUser } from "@/lib/account/views";

// The spec's local storage keys.
export const TOKEN_KEY = "token";
export const USER_KEY = "user";
export const REDIRECT_DELAY_MS = 1000;

// Local storage fires "storage" only in other tabs; this tells the same tab that the session changed.
const SESSION_CHANGED = "aurum:session-changed";

export function saveSession(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The signed-in user's id from local storage, or null when absent or unreadable. */
export function storedUserId(): string | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_KEY) ?? "null") as { id?: unknown } | null;
    return typeof user?.id === "string" ? user.id : null;
  } catch {
    return null;
  }
}

/** Calls `onChange` whenever the stored session changes, in this tab or another; returns the unsubscribe. */
export function subscribeSession(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(SESSION_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(SESSION_CHANGED, onChange);
  };
}

/** Calls the JSON API with the stored token as Bearer, as every call of the spec does. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  const token = storedToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.body && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  const res = await fetch(path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as T };
}
