import { successAnswer } from "@/lib/core/answers";
import { storageOverviewSchema } from "./vault";

/** GET /api/storage. */
export const storageAnswer = successAnswer(storageOverviewSchema.shape);
