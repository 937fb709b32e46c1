import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { siteBrand } from "@/lib/settings/brand";

/** Lets the signed-in area be added to a phone's home screen, under the site's own name. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  // Read per request: the name is the one an administrator set, not the one at build time.
  await connection();
  const { siteName } = await siteBrand();
  return {
    name: siteName,
    short_name: siteName.slice(0, 12),
    description: "Trade, save and store Tether Gold (XAUt).",
    start_url: "/",
    display: "standalone",
    background_color: "#0b0b0d",
    theme_color: "#0b0b0d",
    icons: [{ src: "/icon.svg", sizes: "any", type: "image/svg+xml" }],
  };
}
