import { z } from "zod";
import { userRole, userStatus, type User } from "@/db/schema";
import { isoTime } from "@/lib/core/answers";

/** A user as the API shows them (the profile, sign-in and registration answers). */
export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  phoneCode: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.enum(userRole.enumValues),
  status: z.enum(userStatus.enumValues),
  frozenAt: isoTime.nullable(),
  referralCode: z.string(),
  hasWithdrawPassword: z.boolean(),
  createdAt: isoTime,
});

export type PublicUser = z.infer<typeof publicUserSchema>;

/** What the API says about a user: never a hash, never a raw row. */
export function publicUser(user: User): PublicUser {
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
