import { z } from "zod";

/**
 * The building blocks of the answers' schemas (lib/<concern>/answers.ts). Each answer is a zod object
 * the handler is held to by the compiler (lib/http/answer.ts) and the OpenAPI document publishes; the
 * view functions return `z.infer` of the same schemas, so the shapes are written once.
 */

/** A money amount or price at the API: a decimal string, never a number. */
export const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: "A decimal string", examples: ["12.500000"] });

/** A time at the API: ISO 8601 UTC. */
export const isoTime = z.iso.datetime();

/** `success: true` and the fields of one operation's answer. */
export const successAnswer = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape });

/** A change's answer: its sentence for the user beside the fields. */
export const changeAnswer = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ success: z.literal(true), message: z.string(), ...shape });

/** What a paged list answers beside its rows (lib/core/query.ts `pageInfo`). */
export const pageFields = { page: z.number().int(), pageSize: z.number().int(), total: z.number().int() };
