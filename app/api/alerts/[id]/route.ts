import { NextResponse } from "next/server";
import { uuidParam, withUser } from "@/lib/http/handler";
import { deleteAlert } from "@/lib/alerts/delete";

/** Deletes one of the caller's alerts, active or fired. */
export const DELETE = withUser<{ id: string }>(async ({ params, db, auth }) => {
  await deleteAlert(db, auth.user.id, uuidParam(params.id, "Alert not found"));
  return NextResponse.json({ success: true, message: "Alert deleted" });
});
