import { NextResponse } from "next/server";
import { clientIp, withAdmin } from "@/lib/http/handler";
import { setLogoUrl } from "@/lib/settings";
import { MAX_LOGO_BYTES, readImage, saveUpload, uploadUrl } from "@/lib/uploads";

/** multipart/form-data with the image in the "logo" field. */
export const POST = withAdmin(async ({ req, db, auth }) => {
  const image = await readImage(req, "logo", MAX_LOGO_BYTES);
  const upload = await saveUpload(db, { ...image, purpose: "logo", public: true, ownerId: auth.user.id });
  const settings = await setLogoUrl(db, uploadUrl(upload.id), { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: "Logo updated", logoUrl: settings.logoUrl });
});
