import { cachedJson } from "@/lib/http/cached-json";
import { route } from "@/lib/http/handler";
import { userApiDocument } from "@/lib/openapi/documents";

/** The user API's OpenAPI document: public, as an exchange's API reference is, and cached for five minutes. */
export const GET = route(async (req) => cachedJson(req, userApiDocument(), "public, max-age=300"));
