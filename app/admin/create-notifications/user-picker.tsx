"use client";

import { useEffect, useId, useState } from "react";
import { api } from "@/components/hooks/session";

export interface PickedUser {
  id: string;
  username: string;
  email: string;
}

const SEARCH_DELAY_MS = 250;

/** Finds one user by username or email through the admin users API. */
export function UserPicker({ value, onChange }: { value: PickedUser | null; onChange(user: PickedUser | null): void }) {
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<PickedUser[] | null>(null);
  const [searching, setSearching] = useState(false);
  const inputId = useId();
  const resultsId = useId();

  useEffect(() => {
    const q = query.trim();
    if (!q || value) return;
    let current = true;
    const timer = setTimeout(async () => {
      setSearching(true);
      const res = await api<{ success: boolean; users?: PickedUser[] }>(
        `/api/admin/users?${new URLSearchParams({ q, pageSize: "8" })}`,
      ).catch(() => null);
      if (!current) return;
      setSearching(false);
      setFound(res?.body.users ?? []);
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, value]);

  if (value) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-lg border border-gold/50 bg-raised px-3 py-2.5"
        data-testid="picked-user"
      >
        <span>
          <span className="font-medium text-gold-soft">{value.username}</span>{" "}
          <span className="text-sm text-muted">{value.email}</span>
        </span>
        <button type="button" className="btn-ghost py-1" onClick={() => onChange(null)}>
          Change
        </button>
      </div>
    );
  }

  const q = query.trim();
  return (
    <div>
      <label htmlFor={inputId} className="label">
        Find a user
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        aria-controls={resultsId}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Username or email"
        className="field"
      />
      <div id={resultsId} aria-live="polite">
        {q && searching && <p className="mt-2 text-sm text-muted">Searching…</p>}
        {q && !searching && found?.length === 0 && <p className="mt-2 text-sm text-muted">No user matches “{q}”.</p>}
        {q && !searching && found && found.length > 0 && (
          <ul className="mt-2 divide-y divide-line rounded-lg border border-line" aria-label="Matching users">
            {found.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  onClick={() => onChange(u)}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left hover:bg-raised focus-visible:bg-raised"
                >
                  <span className="font-medium">{u.username}</span>
                  <span className="truncate text-sm text-muted">{u.email}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
