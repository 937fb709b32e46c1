/**
 * Every PostgreSQL advisory lock key the app takes, in one place: two concerns sharing a key would
 * serialize each other and can deadlock (one holds the key and waits for a row the other holds
 * while that one waits for the key). The same on every instance; distinct by construction here.
 */
export const ADVISORY_LOCKS = {
  /** Applying migrations at start, one instance at a time. */
  migrations: 7_272_011,
  /** Role and status changes, and a user freezing their own account: no two admins demote each other at once. */
  adminSet: 7_272_012,
  /** Appending to the audit chain: one head at a time across instances (taken by the audit_logs trigger of migration 0025, which writes the number out). */
  auditChain: 7_272_013,
  /** An administrator's money action on one user (with the user's id hashed as the second key): the 24-hour sum and the action are one step. */
  adminMoney: 7_272_014,
  /** Taking a proof-of-liabilities snapshot: one at a time across instances. */
  proofSnapshot: 7_272_015,
  /** One user's push subscribes (the user's id hashed as the second key): the device count and the insert are one step. */
  pushSubscribe: 7_272_016,
} as const;
