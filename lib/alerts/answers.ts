import { z } from "zod";
import { changeAnswer, successAnswer } from "@/lib/core/answers";
import { alertViewSchema } from "./view-schema";

/** GET /api/alerts: the active alerts, then the ones fired most recently. */
export const alertsAnswer = successAnswer({ alerts: z.array(alertViewSchema) });

/** POST /api/alerts. */
export const alertSetAnswer = changeAnswer({ alert: alertViewSchema });

/** DELETE /api/alerts/{id}. */
export const alertDeletedAnswer = changeAnswer({});
