import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { uploads, type Upload } from "@/db/schema";
import { readForm } from "@/lib/core/body";
import { AppError, badRequest } from "@/lib/core/errors";
import { newId } from "@/lib/core/ids";
import { readDimensions } from "./dimensions";

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * The image type its bytes prove, whatever the file's name or declared type says. SVG is never
 * accepted: it is a document that can carry script.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The largest image accepted, by what its header claims: 8,000 pixels a side and 40 megapixels in
 * all (a phone's screenshot is about 1,300 × 2,800). Bytes alone do not bound it: a few kilobytes
 * of PNG can claim 60,000 × 60,000, which a browser opening it would try to hold in 14 GB.
 */
export const MAX_IMAGE_SIDE = 8_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

function assertDimensions(bytes: Uint8Array, contentType: ImageType, field: string): void {
  const size = readDimensions(bytes, contentType);
  if (!size)
    throw badRequest(
      "This image could not be read. Please send a PNG, JPEG or WebP file as saved by your device",
      { [field]: ["Unreadable image"] },
      "UNREADABLE_IMAGE",
    );
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    const message = `The image can be at most ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, and this one is ${size.width} × ${size.height}: a screenshot or a smaller copy will do`;
    throw badRequest(message, { [field]: ["Too many pixels"] }, "IMAGE_TOO_LARGE");
  }
}

/** Reads the image in `field` of a multipart request, refusing anything but a real PNG, JPEG or WebP within `maxBytes` and the pixel limits. */
export async function readImage(
  req: Request,
  field: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: ImageType }> {
  return imageField(await readForm(req, maxBytes), field, maxBytes);
}

/** The image in `field` of a form already read: a real PNG, JPEG or WebP within `maxBytes` and the pixel limits. */
export async function imageField(
  form: FormData,
  field: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: ImageType }> {
  const file = form.get(field);
  if (!(file instanceof File)) throw badRequest(`Attach the image in the "${field}" field`, { [field]: ["Missing"] });
  if (file.size > maxBytes) {
    throw badRequest(
      `The image can be at most ${maxBytes / 1024 / 1024} MB`,
      { [field]: ["Too large"] },
      "FILE_TOO_LARGE",
    );
  }
  if (file.size === 0) throw badRequest("The file is empty", { [field]: ["Empty"] });
  const bytes = Buffer.from(await file.arrayBuffer());
  const contentType = detectImageType(bytes);
  if (!contentType)
    throw badRequest(
      "Only PNG, JPEG or WebP images are accepted",
      { [field]: ["Not a PNG, JPEG or WebP image"] },
      "UNSUPPORTED_FILE",
    );
  assertDimensions(bytes, contentType, field);
  return { bytes, contentType };
}

export async function saveUpload(
  db: Db,
  file: { bytes: Buffer; contentType: string; purpose: string; public: boolean; ownerId: string | null },
): Promise<Upload> {
  const [row] = await db
    .insert(uploads)
    .values({
      id: newId(),
      purpose: file.purpose,
      contentType: file.contentType,
      size: file.bytes.length,
      bytes: file.bytes,
      public: file.public,
      ownerId: file.ownerId,
    })
    .returning();
  return row!;
}

/** An upload the caller may see: public ones to anyone, private ones to their owner and admins. */
export async function readUpload(db: Db, id: string, viewer: { id: string; role: string } | null): Promise<Upload> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  const allowed = row && (row.public || (viewer && (viewer.role === "admin" || viewer.id === row.ownerId)));
  if (!allowed) throw new AppError(404, "NOT_FOUND", "File not found");
  return row;
}

export const uploadUrl = (id: string) => `/api/uploads/${id}`;
