import AxeBuilder from "@axe-core/playwright";
import { source } from "axe-core";
import type { Page } from "@playwright/test";

// axe-core's 650 KB, evaluated only where the page has none yet: the builder evaluates it twice per
// analysis, and each evaluation cost ~0.5 s of a busy machine's CPU, on every screen of the suite.
const ONCE = `if (!window.axe) {\n${source}\n}`;

/**
 * axe-core's violations on what the page shows now, with all its rules. Legacy mode runs axe in the
 * page and its same-origin frames (Aurum has no others) instead of opening a blank page to merge
 * per-frame results; only violations come back, not every passing node's markup. Together about a
 * second less per analysis, the same findings.
 */
export async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page, axeSource: ONCE })
    // A third party's own header (Scalar's on /api-docs, made a plain container there): its content
    // is the widget's, not in a landmark of the page's.
    .exclude("[data-third-party] header")
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations;
}
