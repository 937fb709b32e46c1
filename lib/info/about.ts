/**
 * What Aurum is and is not, said once: every screen that says it (Home, Register, AI trading, the
 * information pages) uses these sentences, so no page promises what another one denies.
 */

/** What is traded, saved and stored: said where there is room for no more (Home's first card). */
export const XAUT_IS = "Tether Gold (XAUt), a token Tether says is backed by physical gold";

/** What the product is. */
export const aurumIs = (site: string) =>
  `${site} is a broker for ${XAUT_IS}: you buy and sell it against USDT, and save and store it here.`;

/** What it is not. */
export const aurumIsNot = (site: string) =>
  `It is not physical delivery (${site} sends no bars or coins), it guarantees no return, and no model predicts prices.`;

/** What "AI trading", the spec's name for the screen, means here. */
export const aiTradingIs = (site: string) =>
  `AI trading at ${site} means automated strategies that follow rules you set, a recurring buy or a grid: no model predicts prices.`;
