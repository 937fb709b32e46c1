/** The Socket.IO event that carries a `MarketSnapshot` to every connected client (safe to import in the browser). */
export const PRICE_EVENT = "price";
