import { withUser } from "@/lib/http/handler";
import { validate } from "@/lib/core/validate";
import { searchParamsOf } from "@/lib/core/query";
import { exportRecordsCsv, recordFilterSchema } from "@/lib/ledger/records";

export const GET = withUser(async ({ req, db, auth }) => {
  const filter = validate(recordFilterSchema, searchParamsOf(req));
  const csv = await exportRecordsCsv(db, auth.user.id, filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="aurum-records-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
