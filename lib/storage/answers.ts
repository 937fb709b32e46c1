import { changeAnswer, successAnswer } from "@/lib/core/answers";
import { storageMoveAnswerFields, storageOverviewSchema } from "./vault";

/** GET /api/storage. */
export const storageAnswer = successAnswer(storageOverviewSchema.shape);

/** POST /api/storage/store and /api/storage/retrieve. */
export const storageMoveAnswer = changeAnswer(storageMoveAnswerFields);
