import { getDb } from "@/db/client";
import { getSettings } from ".";
import { publicSettings } from "./schema";

/** What pages show of the site: its name, logo and support link. */
export async function siteBrand() {
  return publicSettings(await getSettings(await getDb()));
}
