"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useToast } from "@/components/toast";
import type { PublicUser } from "@/lib/account/views";
import { api, REDIRECT_DELAY_MS, saveSession, storedToken } from "@/components/hooks/session";
import { homeOf, safeNext } from "@/lib/core/safe-next";
import { CodeStep } from "./code-step";
import type { SignedIn } from "./login-answer";
import { PasswordStep } from "./password-step";

/** Signing in: the password, then (two-factor on) a code; signed in, on to `next` or the home of the role. */
export function LoginForm({
  next,
  supportUrl,
  siteName,
}: {
  next: string | null;
  supportUrl: string | null;
  siteName: string;
}) {
  const toast = useToast();
  const router = useRouter();
  const [usernameOrEmail, setUsernameOrEmail] = useState("");
  // Set once the password was right on an account with two-factor on: the second step asks for a code.
  const [challenge, setChallenge] = useState<string | null>(null);

  // Already signed in (a token in storage whose session is live): nothing to do here.
  useEffect(() => {
    if (!storedToken()) return;
    void api<{ user?: PublicUser }>("/api/auth/profile")
      .then(({ status, body }) => {
        if (status === 200) router.replace(safeNext(next, window.location.origin, homeOf(body.user?.role)));
      })
      .catch(() => undefined);
  }, [router, next]);

  function signedIn(answer: SignedIn) {
    saveSession(answer.token, answer.user);
    toast(answer.message || "Login successful", "success");
    setTimeout(
      () => router.replace(safeNext(next, window.location.origin, homeOf(answer.user.role))),
      REDIRECT_DELAY_MS,
    );
  }

  if (challenge)
    return (
      <CodeStep challenge={challenge} onSignedIn={signedIn} onBack={() => setChallenge(null)} siteName={siteName} />
    );
  return (
    <PasswordStep
      usernameOrEmail={usernameOrEmail}
      onTyped={setUsernameOrEmail}
      onSignedIn={signedIn}
      onChallenge={setChallenge}
      supportUrl={supportUrl}
      siteName={siteName}
    />
  );
}
