/**
 * A place in the audit chain as it is published and kept elsewhere: "seq:hash" (the proof snapshot's
 * audit head, audit:verify's --expect). Pure, so the browser's proof verifier reads it too.
 */
export interface ChainLink {
  seq: number;
  hash: string;
}

/** "1234:ab…" (64 lowercase hex digits) as a link; null when it is not that. */
export function parseLink(text: string): ChainLink | null {
  const match = /^([1-9][0-9]{0,15}):([0-9a-f]{64})$/.exec(text);
  return match ? { seq: Number(match[1]), hash: match[2]! } : null;
}
