import { profileAnswer } from "@/lib/account/answers";
import { publicUser } from "@/lib/account/views";
import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ auth }) => answer(profileAnswer, { success: true, user: publicUser(auth.user) }));
