"use client";

import { useState } from "react";
import { Field } from "@/components/field";
import { api } from "@/components/hooks/session";
import { type Answer, beside, useSubmit } from "@/components/hooks/use-submit";

export type CodeAnswer = Answer & { recoveryCodes?: string[] };

/**
 * A form that sends one two-factor code (from the app, or a recovery code) to `path`; what it
 * shows above the field comes as children, its buttons from `actions`.
 */
export function CodeForm({
  path,
  label,
  hint,
  onDone,
  children,
  actions,
}: {
  path: string;
  label: string;
  hint: string;
  onDone: (answer: CodeAnswer) => void;
  children?: React.ReactNode;
  actions: (state: { busy: boolean; empty: boolean }) => React.ReactNode;
}) {
  const [code, setCode] = useState("");
  const { busy, errors, setErrors, run } = useSubmit(() => ({ code: ["That did not go through. Please try again."] }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    void run(async () => {
      const { body } = await api<CodeAnswer>(path, { method: "POST", body: JSON.stringify({ code: code.trim() }) });
      if (!body.success) return setErrors(beside("code", body));
      setCode("");
      onDone(body);
    });
  }

  return (
    <form className="space-y-3" noValidate onSubmit={submit}>
      {children}
      <Field
        id="two-factor-code"
        label={label}
        hint={hint}
        errors={errors.code}
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        className="field font-mono"
      />
      {actions({ busy, empty: code.trim() === "" })}
    </form>
  );
}
