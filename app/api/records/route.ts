import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";
import { recordsAnswer } from "@/lib/ledger/answers";
import { listRecords, recordQuerySchema } from "@/lib/ledger/records";

export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(recordQuerySchema, searchParamsOf(req));
  return answer(recordsAnswer, { success: true, ...(await listRecords(db, auth.user.id, query)) });
});
