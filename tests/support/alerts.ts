import { eq } from "drizzle-orm";
import { DELETE as deleteRoute } from "@/app/api/alerts/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/alerts/route";
import type { Db } from "@/db/client";
import { notifications, priceAlerts } from "@/db/schema";
import { call } from "./http";

export const setAlert = (token: string | undefined, body: unknown) => call(createRoute, { body, token });
export const listAlerts = (token: string | undefined) => call(listRoute, { token });
export const deleteAlert = (token: string | undefined, id: string) =>
  call(deleteRoute, { method: "DELETE", token, params: { id } });

export const alertRows = (db: Db, userId: string) =>
  db.select().from(priceAlerts).where(eq(priceAlerts.userId, userId)).orderBy(priceAlerts.createdAt);

export const notificationsOf = (db: Db, userId: string) =>
  db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt);
