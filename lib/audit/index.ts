import type { Db } from "@/db/client";
import { auditLogs } from "@/db/schema";
import { newId } from "@/lib/ids";

export interface AuditEntry {
  actorId: string;
  /** A dotted verb such as "user.balance.adjust" or "settings.update". */
  action: string;
  target: { type: string; id?: string | null };
  /** Before/after, or the reason: whatever explains the action later. */
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/** Records an admin action; call it with the transaction that performs the action, so both or neither happen. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    id: newId(),
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}
