"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FieldError } from "@/components/field-error";
import { useToast } from "@/components/toast";
import { api } from "@/lib/client/session";
import { COUNTRIES, DEFAULT_DIAL_CODE, findCountry } from "@/lib/countries";

type Answer = { success: boolean; message: string; errors?: Record<string, string[]> };

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
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const dialCode = findCountry(form.country)?.dialCode ?? DEFAULT_DIAL_CODE;
  const emailChanged = form.email.trim().toLowerCase() !== initial.email.toLowerCase();
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm({ ...form, [field]: e.target.value });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    const { currentPassword, ...contact } = form;
    try {
      const { body } = await api<Answer>("/api/user/info", {
        method: "PUT",
        body: JSON.stringify({ ...contact, phoneCode: dialCode, ...(emailChanged ? { currentPassword } : {}) }),
      });
      toast(body.message, body.success ? "success" : "error");
      if (body.success) {
        setForm((f) => ({ ...f, currentPassword: "" }));
        router.refresh();
      } else setErrors(body.errors ?? {});
    } catch {
      toast("Your details were not saved. Please try again.", "error");
    }
    setBusy(false);
  }

  return (
    <form onSubmit={submit} className="card space-y-3" aria-label="Personal info" noValidate>
      <div>
        <label htmlFor="pi-email" className="label">Email</label>
        <input id="pi-email" name="email" type="email" autoComplete="email" className="field" value={form.email} onChange={set("email")} aria-describedby="pi-email-error" />
        <FieldError id="pi-email-error" messages={errors.email} />
      </div>
      {emailChanged && (
        <div>
          <label htmlFor="pi-password" className="label">Current password (needed to change your email)</label>
          <input id="pi-password" name="currentPassword" type="password" autoComplete="current-password" className="field" value={form.currentPassword} onChange={set("currentPassword")} aria-describedby="pi-password-error" />
          <FieldError id="pi-password-error" messages={errors.currentPassword} />
        </div>
      )}
      <div>
        <label htmlFor="pi-country" className="label">Country</label>
        <select id="pi-country" name="country" className="field" value={form.country} onChange={set("country")} aria-describedby="pi-country-error">
          <option value="">Select your country</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name} ({c.dialCode})
            </option>
          ))}
        </select>
        <FieldError id="pi-country-error" messages={errors.country ?? errors.phoneCode} />
      </div>
      <div>
        <label htmlFor="pi-phone" className="label">Phone number</label>
        <div className="flex gap-2">
          <span className="field w-20 shrink-0 text-center text-gold-soft" aria-label="Dial code">{dialCode}</span>
          <input id="pi-phone" name="phoneNumber" type="tel" inputMode="tel" autoComplete="tel-national" className="field" value={form.phoneNumber} onChange={set("phoneNumber")} aria-describedby="pi-phone-error" />
        </div>
        <FieldError id="pi-phone-error" messages={errors.phoneNumber} />
      </div>
      <button type="submit" className="btn-gold" disabled={busy} aria-busy={busy}>{busy ? "Saving…" : "Save"}</button>
    </form>
  );
}
