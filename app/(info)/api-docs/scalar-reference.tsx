"use client";

// Before Scalar: it parses with the app's zod, whose probe for `new Function` the CSP would report.
import "@/lib/core/zod-browser";
import "@scalar/api-reference-react/style.css";
import { ApiReferenceReact } from "@scalar/api-reference-react";

// Aurum's gold on near-black (app/globals.css) in Scalar's variables; its own themes are not ours.
const GOLD_ON_BLACK = `
.dark-mode, .light-mode {
  --scalar-background-1: #0b0b0d;
  --scalar-background-2: #15151a;
  --scalar-background-3: #1d1d24;
  --scalar-background-accent: rgba(212, 175, 55, 0.15);
  --scalar-border-color: #2c2c35;
  --scalar-color-1: #f4f4f5;
  --scalar-color-2: #d4d4d8;
  --scalar-color-3: #a3a3ae;
  --scalar-color-accent: #f0d77b;
  --scalar-link-color: #f0d77b;
  --scalar-button-1: #d4af37;
  --scalar-button-1-color: #0b0b0d;
  --scalar-button-1-hover: #f0d77b;
  --scalar-font: inherit;
}
.dark-mode .sidebar, .light-mode .sidebar {
  --scalar-sidebar-background-1: #0b0b0d;
  --scalar-sidebar-color-1: #f4f4f5;
  --scalar-sidebar-color-2: #a3a3ae;
  --scalar-sidebar-border-color: #2c2c35;
  --scalar-sidebar-item-active-background: rgba(212, 175, 55, 0.15);
  --scalar-sidebar-color-active: #f0d77b;
}
`;

/**
 * Scalar's reference, built into this app (no CDN: the page's policy allows scripts from the site
 * only) and loaded only by /api-docs. It reads the published document; sending requests from the
 * page, the AI agent, telemetry and web fonts are all off: the page only describes.
 */
export default function ScalarReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        theme: "none",
        layout: "modern",
        darkMode: true,
        forceDarkModeState: "dark",
        hideDarkModeToggle: true,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        hideClientButton: true,
        hideTestRequestButton: true,
        showDeveloperTools: "never",
        documentDownloadType: "json",
        defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
        customCss: GOLD_ON_BLACK,
      }}
    />
  );
}
