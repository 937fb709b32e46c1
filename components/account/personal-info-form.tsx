"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/field";
import { useToast } from "@/components/toast";
import { api } from "@/components/hooks/session";
import { useHydrated } from "@/components/hooks/hydrated";
import { type Answer, useSubmit } from "@/components/hooks/use-submit";
import { COUNTRIES, DEFAULT_DIAL_CODE, findCountry } from "@/lib/core/countries";

interface Props {
  email: string;
  country: string;
  phoneNumber: string;
}

/** Edits email, country and phone; a changed email asks for the current password. */
export function PersonalInfoForm(initial: Props) {
  const router = useRouter();
  const toast = useToast();
  const [form, setForm] = useState({ ...initial, currentPassword: "" });
  const { busy, errors, setErrors, run } = useSubmit(() =>
    toast("Your details were not saved. Please try again.", "error"),
  );
  // Not before hydration: the browser would send the form itself and drop what was typed.
  const hydrated = useHydrated();
  const dialCode = findCountry(form.country)?.dialCode ?? DEFAULT_DIAL_CODE;
  const emailChanged = form.email.trim().toLowerCase() !== initial.email.toLowerCase();
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [field]: e.target.value });

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { currentPassword, ...contact } = form;
    void run(async () => {
      const { body } = await api<Answer>("/api/user/info", {
        method: "PUT",
        body: JSON.stringify({ ...contact, phoneCode: dialCode, ...(emailChanged ? { currentPassword } : {}) }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        setForm((f) => ({ ...f, currentPassword: "" }));
        router.refresh();
      } else setErrors(body.errors ?? {});
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="Personal info" noValidate>
      <Field
        id="pi-email"
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set("email")}
        errors={errors.email}
      />
      {emailChanged && (
        <Field
          id="pi-password"
          label="Current password (needed to change your email)"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set("currentPassword")}
          errors={errors.currentPassword}
        />
      )}
      <Field id="pi-country" label="Country" errors={errors.country ?? errors.phoneCode}>
        {(control) => (
          <select {...control} name="country" className="field" value={form.country} onChange={set("country")}>
            <option value="">Select your country</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.dialCode})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="pi-phone" label="Phone number" errors={errors.phoneNumber}>
        {(control) => (
          <div className="flex gap-2">
            <span className="field w-20 shrink-0 text-center text-gold-soft" aria-label="Dial code">
              {dialCode}
            </span>
            <input
              {...control}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              className="field"
              value={form.phoneNumber}
              onChange={set("phoneNumber")}
            />
          </div>
        )}
      </Field>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated} aria-busy={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
    </form>
  );
}
