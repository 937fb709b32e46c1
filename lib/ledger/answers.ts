import { z } from "zod";
import { pageFields, successAnswer } from "@/lib/core/answers";
import { ledgerRecordSchema } from "./records";
import { transactionSchema } from "./transactions";

/** GET /api/records. */
export const recordsAnswer = successAnswer({ records: z.array(ledgerRecordSchema), ...pageFields });

/** GET /api/records/transactions. */
export const transactionsAnswer = successAnswer({ transactions: z.array(transactionSchema), ...pageFields });
