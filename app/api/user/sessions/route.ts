import { sessionsAnswer } from "@/lib/auth/answers";
import { listSessions } from "@/lib/auth/own-sessions";
import { answer } from "@/lib/http/answer";
import { withSession } from "@/lib/http/handler";

export const GET = withSession(async ({ db, auth }) =>
  answer(sessionsAnswer, { success: true, sessions: await listSessions(db, auth.user.id, auth.session.id) }),
);
