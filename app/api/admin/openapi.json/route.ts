import { cachedJson } from "@/lib/http/cached-json";
import { withAdmin } from "@/lib/http/handler";
import { adminApiDocument } from "@/lib/openapi/documents";

/** The administrators' routes: no shared cache may keep them, a browser asks again each time (ETag). */
export const GET = withAdmin(async ({ req }) => cachedJson(req, adminApiDocument(), "private, no-cache"));
