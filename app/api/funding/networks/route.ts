import { networksAnswer } from "@/lib/funding/answers";
import { availableNetworks } from "@/lib/funding/wallets";
import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db }) =>
  answer(networksAnswer, { success: true, currencies: await availableNetworks(db) }),
);
