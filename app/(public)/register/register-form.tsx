"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/field";
import { LoadingOverlay } from "@/components/loading-overlay";
import { useToast } from "@/components/toast";
import { registerFormSchema } from "@/lib/auth/register-rules";
import type { PublicUser } from "@/lib/account/views";
import { REDIRECT_DELAY_MS, saveSession } from "@/components/hooks/session";
import { COUNTRIES, DEFAULT_DIAL_CODE, findCountry } from "@/lib/core/countries";
import { useHydrated } from "@/components/hooks/hydrated";
import { LEAVING, useSubmit } from "@/components/hooks/use-submit";

type RegisterAnswer = { success: boolean; message?: string; user?: PublicUser; token?: string };

const EMPTY = { username: "", email: "", country: "", phoneNumber: "", password: "", confirmPassword: "" };

export function RegisterForm({ referralCode: initialReferral }: { referralCode: string }) {
  const toast = useToast();
  const router = useRouter();
  const [form, setForm] = useState(EMPTY);
  const [referralCode, setReferralCode] = useState(initialReferral);
  const [terms, setTerms] = useState(false);
  const { busy, run } = useSubmit(() => toast("An error occurred during registration. Please try again.", "error"));
  const hydrated = useHydrated();
  const dialCode = findCountry(form.country)?.dialCode ?? DEFAULT_DIAL_CODE;

  const bind = (name: keyof typeof EMPTY) => ({
    id: name,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const check = registerFormSchema.safeParse({ ...form, terms });
    if (!check.success) {
      toast(check.error.issues[0]?.message ?? "Please check the form", "error");
      return;
    }
    void run(async () => {
      const res = await fetch("/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          username: form.username.trim(),
          email: form.email.trim(),
          country: form.country,
          phoneCode: dialCode,
          phoneNumber: form.phoneNumber.trim(),
          password: form.password,
          referralCode: referralCode.trim(),
        }),
      });
      const answer = (await res.json()) as RegisterAnswer;
      if (answer.success && answer.token && answer.user) {
        saveSession(answer.token, answer.user);
        toast(answer.message || "Registration successful", "success");
        setTimeout(() => router.replace("/"), REDIRECT_DELAY_MS);
        return LEAVING;
      }
      toast(answer.message || "Registration failed. Please try again.", "error");
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-4 p-6" aria-label="Register">
      {busy && <LoadingOverlay label="Creating your account…" />}
      <Field label="Username" {...bind("username")} autoComplete="username" placeholder="Choose a username" />
      <Field label="Email" {...bind("email")} type="email" autoComplete="email" placeholder="you@example.com" />
      <Field id="country" label="Country">
        {(control) => (
          <select {...bind("country")} {...control} className="field">
            <option value="">Select your country</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.dialCode})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="phoneNumber" label="Phone number">
        {(control) => (
          <div className="flex gap-2">
            <span
              className="field w-20 shrink-0 text-center text-gold-soft"
              aria-label="Dial code"
              data-testid="dial-code"
            >
              {dialCode}
            </span>
            <input
              {...bind("phoneNumber")}
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              className="field"
              placeholder="Phone number"
            />
          </div>
        )}
      </Field>
      <Field
        label="Password"
        {...bind("password")}
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
      />
      <Field
        label="Confirm password"
        {...bind("confirmPassword")}
        type="password"
        autoComplete="new-password"
        placeholder="Repeat the password"
      />
      <Field
        id="referralCode"
        label={
          <>
            Referral code <span className="font-normal text-muted">(optional)</span>
          </>
        }
        name="referralCode"
        className="field uppercase"
        value={referralCode}
        onChange={(e) => setReferralCode(e.target.value)}
        placeholder="Referral code"
      />
      <div className="flex items-start gap-2 text-sm text-zinc-300">
        <input
          id="terms"
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-gold"
        />
        <label htmlFor="terms">
          I agree to the{" "}
          <Link href="/terms" target="_blank" className="text-gold hover:text-gold-soft">
            Terms of Service
          </Link>
          ,{" "}
          <Link href="/privacy" target="_blank" className="text-gold hover:text-gold-soft">
            Privacy Policy
          </Link>{" "}
          and{" "}
          <Link href="/legality" target="_blank" className="text-gold hover:text-gold-soft">
            Legality
          </Link>
        </label>
      </div>
      <button type="submit" className="btn-gold" disabled={busy || !hydrated}>
        Register
      </button>
      <p className="text-center text-sm">
        <Link href="/login" className="text-gold hover:text-gold-soft">
          ← Back to sign in
        </Link>
      </p>
    </form>
  );
}
