import { getDb } from "@/db/client";
import { authenticateRequest } from "@/lib/auth/sessions";
import { route, uuidParam } from "@/lib/http/handler";
import { readUpload } from "@/lib/uploads";

export const GET = route<{ id: string }>(async (req, params) => {
  const db = await getDb();
  const id = uuidParam(params.id, "File not found");
  const viewer = await authenticateRequest(db, req);
  const file = await readUpload(db, id, viewer ? { id: viewer.user.id, role: viewer.user.role } : null);
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // An upload never changes: a new file gets a new id.
      "Cache-Control": file.public ? "public, max-age=31536000, immutable" : "private, no-store",
    },
  });
});
