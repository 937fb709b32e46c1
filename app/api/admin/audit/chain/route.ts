import { NextResponse } from "next/server";
import { auditChainStatus } from "@/lib/audit/status";
import { withAdmin } from "@/lib/http/handler";

/** The audit chain's state, as the dashboard shows it: intact with its length and head, or its first break. */
export const GET = withAdmin(async ({ db }) => NextResponse.json({ success: true, chain: await auditChainStatus(db) }));
