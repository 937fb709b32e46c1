import { successAnswer } from "@/lib/core/answers";
import { publicUserSchema } from "./views";

/** GET /api/auth/profile. */
export const profileAnswer = successAnswer({ user: publicUserSchema });
