import type { User } from "@/db/schema";

/** What the API says about a user: never a hash, never a raw row. */
export function publicUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    country: user.country,
    phoneCode: user.phoneCode,
    phoneNumber: user.phoneNumber,
    role: user.role,
    status: user.status,
    // Set when the owner froze the account (status is then "disabled"); only an admin clears it.
    frozenAt: user.frozenAt?.toISOString() ?? null,
    referralCode: user.referralCode,
    hasWithdrawPassword: user.withdrawPasswordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export type PublicUser = ReturnType<typeof publicUser>;
