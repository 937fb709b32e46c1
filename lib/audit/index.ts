import type { Db } from "@/db/client";
import { isTransaction, runTransaction } from "@/db/transaction";
import { newId } from "@/lib/core/ids";
import { appendToChain } from "./chain";
import { asStoredJson } from "./encoding";

export interface AuditEntry {
  actorId: string;
  /** A dotted verb such as "user.balance.adjust" or "settings.update". */
  action: string;
  target: { type: string; id?: string | null };
  /** Before/after, or the reason: whatever explains the action later. */
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Records an admin action at the end of the audit chain; call it with the transaction that performs
 * the action, so both or neither happen. It holds the chain's lock until that transaction ends, so
 * call it after the action's own writes: audited transactions queue for it one after another.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  const row = {
    id: newId(),
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    ip: entry.ip ?? null,
    detail: asStoredJson(entry.detail ?? {}),
  };
  // The lock lasts until the transaction ends: outside one, it needs one of its own.
  if (isTransaction(db)) await appendToChain(db, row);
  else await runTransaction(db, (tx) => appendToChain(tx, row));
}

export { auditChainHead } from "./chain";
