import type { PublicUser } from "@/lib/account/views";
import type { Answer } from "@/components/hooks/use-submit";

export type LoginAnswer = Omit<Answer, "message"> & {
  message?: string;
  user?: PublicUser;
  token?: string;
  twoFactorRequired?: boolean;
  challenge?: string;
};
export type SignedIn = LoginAnswer & { token: string; user: PublicUser };

/** A field's text as the form holds it when sent. */
export const fieldOf = (form: HTMLFormElement, name: string) => String(new FormData(form).get(name) ?? "");

/** Posts one step of signing in; the answer is JSON whatever the status. */
export async function postLogin(path: string, body: unknown): Promise<{ status: number; answer: LoginAnswer }> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, answer: (await res.json()) as LoginAnswer };
}

export const isSignedIn = (answer: LoginAnswer): answer is SignedIn =>
  answer.success && !!answer.token && !!answer.user;
