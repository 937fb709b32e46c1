import { z } from "zod";
import { changeAnswer, successAnswer } from "@/lib/core/answers";
import { keyViewSchema } from "./manage";

/** GET /api/user/api-keys: the caller's keys, revoked ones left out. */
export const keysAnswer = successAnswer({ keys: z.array(keyViewSchema) });

/** POST /api/user/api-keys: the key and its secret, in this answer only. */
export const keyCreatedAnswer = changeAnswer({ key: keyViewSchema, secret: z.string() });

/** PATCH /api/user/api-keys/{id}. */
export const keyRenamedAnswer = changeAnswer({ key: keyViewSchema });

/** DELETE /api/user/api-keys/{id}. */
export const keyRevokedAnswer = changeAnswer({});
