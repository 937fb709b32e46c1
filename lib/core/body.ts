import { AppError, badRequest } from "./errors";

/** JSON bodies: every call of the API fits in far less. */
export const MAX_JSON_BYTES = 64 * 1024;
/** Nesting of objects and arrays: the deepest call of the API (settings) has three levels. */
export const MAX_JSON_DEPTH = 16;
/** Members and elements of all objects and arrays together: the widest call has a few dozen. */
export const MAX_JSON_ENTRIES = 1_000;

// Multipart framing (boundaries, part headers, small text fields) on top of a file's own cap.
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const bodyTooLarge = (maxBytes: number) =>
  new AppError(413, "BODY_TOO_LARGE", `The request body is too large (at most ${formatBytes(maxBytes)})`, undefined, {
    // The rest of the upload is not read: the connection goes with the answer.
    Connection: "close",
  });

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * The body's bytes, refusing with a 413 as soon as more than `maxBytes` arrive: a declared
 * Content-Length over the cap is refused before a byte is read, and a chunked body is counted
 * while it streams, so an oversized upload never sits whole in memory.
 */
export async function readBodyCapped(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The body as JSON (any value; the caller validates it), within `MAX_JSON_BYTES`, `MAX_JSON_DEPTH`
 * and `MAX_JSON_ENTRIES`. The shape is measured on the text before it is parsed: a body nested
 * thousands deep or with thousands of keys is refused for the price of one pass over its bytes,
 * before the parser, the validator or an error path builder spends time and stack on it.
 */
export async function readJson(req: Request): Promise<unknown> {
  const bytes = await readBodyCapped(req, MAX_JSON_BYTES);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidJson();
  }
  assertJsonShape(text);
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson();
  }
}

const invalidJson = () => badRequest("The request body must be valid JSON", undefined, "INVALID_JSON");

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const COMMA = 0x2c;

/**
 * Counts nesting and entries outside strings. Malformed text may count oddly here; `JSON.parse`
 * refuses it right after, so only well-formed bodies depend on these counts being exact.
 */
function assertJsonShape(text: string): void {
  let depth = 0;
  let entries = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
    } else if (OPENERS.has(c)) {
      if (++depth > MAX_JSON_DEPTH)
        throw badRequest(
          `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
          undefined,
          "JSON_TOO_DEEP",
        );
      entries++;
    } else if (CLOSERS.has(c)) {
      depth--;
    } else if (c === COMMA && ++entries > MAX_JSON_ENTRIES) {
      throw badRequest(
        `The request body has too many fields (at most ${MAX_JSON_ENTRIES.toLocaleString("en-US")})`,
        undefined,
        "JSON_TOO_LARGE",
      );
    }
  }
}

/**
 * A multipart/form-data body whose files together are at most `maxFileBytes`; the cap holds
 * while it streams, like every other body.
 */
export async function readForm(req: Request, maxFileBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw badRequest("Send this as multipart/form-data", undefined, "INVALID_FORM");
  }
  const bytes = await readBodyCapped(req, maxFileBytes + FORM_OVERHEAD_BYTES);
  try {
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw badRequest("The form could not be read: send it as multipart/form-data", undefined, "INVALID_FORM");
  }
}
