import { answer } from "@/lib/http/answer";
import { withUser } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";
import { transactionsAnswer } from "@/lib/ledger/answers";
import { listTransactions, transactionQuerySchema } from "@/lib/ledger/transactions";

export const GET = withUser(async ({ req, db, auth }) => {
  const query = validate(transactionQuerySchema, searchParamsOf(req));
  return answer(transactionsAnswer, { success: true, ...(await listTransactions(db, auth.user.id, query)) });
});
