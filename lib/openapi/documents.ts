import { ADMIN_OPERATIONS } from "./admin-operations";
import { openApiDocument } from "./document";
import { USER_OPERATIONS } from "./user-operations";

// Built once per process: the routes and their schemas are fixed at build time.
let user: string | undefined;
let admin: string | undefined;

/** The user API's document as JSON text: published to anyone at /api/openapi.json. */
export function userApiDocument(): string {
  return (user ??= JSON.stringify(
    openApiDocument(
      {
        title: "Aurum API",
        description:
          "Trade, save and store XAUt against USDT. Sign requests with an API key (`read` and `trade` scopes; no key reaches withdrawals or security settings) or send a session token. See /api-docs for how to sign.",
      },
      USER_OPERATIONS,
    ),
  ));
}

/** The administrators' routes: served only to administrators, at /api/admin/openapi.json. */
export function adminApiDocument(): string {
  return (admin ??= JSON.stringify(
    openApiDocument(
      {
        title: "Aurum admin API",
        description: "Administrator-only routes: a session of an administrator with two-factor sign-in on.",
      },
      ADMIN_OPERATIONS,
    ),
  ));
}
