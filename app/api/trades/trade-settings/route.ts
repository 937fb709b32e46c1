import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { tradeSettingsAnswer } from "@/lib/trading/answers";
import { tradeSettings } from "@/lib/trading/trade-settings";

export const GET = withUser(async ({ db, auth }) =>
  answer(tradeSettingsAnswer, { success: true, ...(await tradeSettings(db, auth.user.id)) }),
);
