"use client";

import { useRef, useState } from "react";

/** Refusals by field name, as the API sends them in `errors` (DESIGN.md "API conventions"). */
export type FieldErrors = Record<string, string[]>;

/** The API's answer to a form: a message to show, and on refusal a code and the fields it is about. */
export type Answer = { success: boolean; message: string; code?: string; errors?: FieldErrors };

/** What `send` returns when the page is going away (a redirect): the form stays busy until it has. */
export const LEAVING = "leaving";

/** A refusal said beside one field: the API's own words for it, or else its message. */
export const beside = (field: string, answer: Answer): FieldErrors => ({
  [field]: answer.errors?.[field] ?? [answer.message],
});

/**
 * One form's submit state. `run(send)` clears the refusals shown, is busy while `send` runs (a
 * second submit meanwhile is ignored, even before the button has re-rendered disabled), and calls
 * `lost` when `send` throws (no answer came, or it was not JSON): it tells the person, as a toast or
 * as the refusals it returns to show beside their fields.
 */
export function useSubmit(lost: (error: unknown) => FieldErrors | void) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const running = useRef(false);

  async function run(send: () => Promise<void | typeof LEAVING>): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setErrors({});
    let leaving = false;
    try {
      leaving = (await send()) === LEAVING;
    } catch (error) {
      const refusals = lost(error);
      if (refusals) setErrors(refusals);
    }
    if (leaving) return;
    running.current = false;
    setBusy(false);
  }

  return { busy, errors, setErrors, run };
}
