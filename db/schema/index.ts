export * from "./users";
export * from "./sessions";
export * from "./rate-limits";
export * from "./ledger";
export * from "./admin";
export * from "./uploads";
