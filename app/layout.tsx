import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { ReplayEarlyInput } from "@/components/replay-early-input";
import { ToastProvider } from "@/components/toast";
import { siteBrand } from "@/lib/settings/brand";
import "./globals.css";

/** Titles carry the site's name as an administrator set it. */
export async function generateMetadata(): Promise<Metadata> {
  const { siteName } = await siteBrand();
  return {
    title: { default: siteName, template: `%s · ${siteName}` },
    description: "Trade, save and store Tether Gold (XAUt).",
    applicationName: siteName,
  };
}

export const viewport: Viewport = { themeColor: "#0b0b0d", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: its scripts need this request's CSP nonce (see proxy.ts), which
  // a page prerendered at build time could not carry.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans antialiased">
        <ToastProvider>
          {children}
          <ReplayEarlyInput />
        </ToastProvider>
      </body>
    </html>
  );
}
