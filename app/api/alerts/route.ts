import { answer } from "@/lib/http/answer";
import { alertSetAnswer, alertsAnswer } from "@/lib/alerts/answers";
import { parseBody, withUser } from "@/lib/http/handler";
import { createAlert } from "@/lib/alerts/create";
import { alertRequest, alertSchema } from "@/lib/alerts/input";
import { listAlerts } from "@/lib/alerts/list";
import { alertView } from "@/lib/alerts/views";
import { marketAssets } from "@/lib/trading/market";

/** The caller's active alerts, then the ones fired most recently. */
export const GET = withUser(async ({ db, auth }) => {
  const { quoteDecimals } = await marketAssets(db);
  const alerts = await listAlerts(db, auth.user.id);
  return answer(alertsAnswer, { success: true, alerts: alerts.map((a) => alertView(a, quoteDecimals)) });
});

/** Sets a price alert: fires once when XAUt's price reaches it. */
export const POST = withUser(async ({ req, db, auth }) => {
  const input = await parseBody(req, alertSchema);
  const market = await marketAssets(db);
  const alert = await createAlert(db, auth.user.id, alertRequest(input, market), market.quoteDecimals);
  return answer(
    alertSetAnswer,
    { success: true, message: "Alert set", alert: alertView(alert, market.quoteDecimals) },
    { status: 201 },
  );
});
