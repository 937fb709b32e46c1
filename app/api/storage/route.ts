import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { storageAnswer } from "@/lib/storage/answers";
import { storageOverview } from "@/lib/storage/vault";

export const GET = withUser(async ({ db, auth }) =>
  answer(storageAnswer, { success: true, ...(await storageOverview(db, auth.user.id)) }),
);
