import pino, { type DestinationStream, type Logger } from "pino";

// server.ts and Next's bundled route handlers load this module separately: one logger for both.
const holder = globalThis as unknown as { __aurumLog?: Logger };

/**
 * A structured JSON log (one line per event, to stdout unless told otherwise). Credentials never
 * reach it: whatever field names a token, password or cookie is censored wherever it appears.
 */
export const createLogger = (destination?: DestinationStream): Logger =>
  pino(
    {
      level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
      base: { service: "aurum" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "token",
          "password",
          "newPassword",
          "authorization",
          "cookie",
          "*.token",
          "*.password",
          "*.newPassword",
          "*.authorization",
          "*.cookie",
          "*.headers.authorization",
          "*.headers.cookie",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );

/** The process's log. */
export const log: Logger = (holder.__aurumLog ??= createLogger());
