import { alertDeletedAnswer } from "@/lib/alerts/answers";
import { deleteAlert } from "@/lib/alerts/delete";
import { answer } from "@/lib/http/answer";
import { uuidParam, withUser } from "@/lib/http/handler";

/** Deletes one of the caller's alerts, active or fired. */
export const DELETE = withUser<{ id: string }>(async ({ params, db, auth }) => {
  await deleteAlert(db, auth.user.id, uuidParam(params.id, "Alert not found"));
  return answer(alertDeletedAnswer, { success: true, message: "Alert deleted" });
});
