import type { ImageType } from "./index";

export interface Dimensions {
  width: number;
  height: number;
}

/**
 * The width and height an image's header claims, read without decoding a pixel, or null when the
 * header is missing, cut short or says 0. A claim is all a header is: a 40 KB file can say it is
 * 60,000 × 60,000, and whoever opens it (an administrator's browser) would try to allocate that.
 */
export function readDimensions(bytes: Uint8Array, type: ImageType): Dimensions | null {
  const found = type === "image/png" ? png(bytes) : type === "image/jpeg" ? jpeg(bytes) : webp(bytes);
  return found && found.width > 0 && found.height > 0 ? found : null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const uint24 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** PNG: the IHDR chunk comes first, right after the 8-byte signature; width and height are big-endian 32-bit. */
function png(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== "IHDR") return null;
  const v = view(bytes);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

// Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC share the range but are not frames.
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * JPEG: walks the marker segments from the start of the file to the first frame header. Segments
 * are skipped by their length, so a thumbnail inside an EXIF segment is never taken for the image.
 * Reaching the scan data or the end of the file before a frame header is unreadable.
 */
function jpeg(bytes: Uint8Array): Dimensions | null {
  const v = view(bytes);
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte before a marker
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda || at + 4 > bytes.length) return null;
    const length = v.getUint16(at + 2);
    if (length < 2) return null;
    if (SOF.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return { width: v.getUint16(at + 7), height: v.getUint16(at + 5) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * WebP: the first chunk after "RIFF····WEBP" says the kind. Lossy (VP8) has 14-bit sizes after its
 * frame tag; lossless (VP8L) packs width−1 and height−1 into 14 bits each; extended (VP8X) gives
 * the canvas as 24-bit width−1 and height−1, up to 16,777,216 a side.
 */
function webp(bytes: Uint8Array): Dimensions | null {
  if (bytes.length < 30) return null;
  const v = view(bytes);
  switch (ascii(bytes, 12, 4)) {
    case "VP8 ":
      if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
      return { width: v.getUint16(26, true) & 0x3fff, height: v.getUint16(28, true) & 0x3fff };
    case "VP8L": {
      if (bytes[20] !== 0x2f) return null;
      const bits = v.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    case "VP8X":
      return { width: uint24(bytes, 24) + 1, height: uint24(bytes, 27) + 1 };
    default:
      return null;
  }
}
