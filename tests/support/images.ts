/**
 * Real images made by an encoder (sharp), and copies whose header claims other sizes. A header is
 * all the upload check reads, so a 700-byte file can stand for 60,000 × 60,000 pixels.
 */
export const IMAGES = {
  /** 1×1 PNG. */
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a8f2b70000000049454e44ae426082",
    "hex",
  ),
  /** 7×3 baseline JPEG (SOF0). */
  jpeg: Buffer.from(
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAcDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwC6AlhS/9k=",
    "base64",
  ),
  /** 5×9 progressive JPEG (SOF2). */
  jpegProgressive: Buffer.from(
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wgARCAAJAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAVAQEBAAAAAAAAAAAAAAAAAAAFBv/aAAwDAQACEAMQAAABvEcr/8QAFBABAAAAAAAAAAAAAAAAAAAAEP/aAAgBAQABBQI//8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAwEBPwF//8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAgBAgEBPwF//8QAFBABAAAAAAAAAAAAAAAAAAAAEP/aAAgBAQAGPwI//8QAFBABAAAAAAAAAAAAAAAAAAAAEP/aAAgBAQABPyE//9oADAMBAAIAAwAAABD/AP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQMBAT8Qf//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQIBAT8Qf//EABQQAQAAAAAAAAAAAAAAAAAAABD/2gAIAQEAAT8QP//Z",
    "base64",
  ),
  /** 7×3 lossy WebP (VP8). */
  webpLossy: Buffer.from(
    "UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoHAAMAAUAmJaACdLoB+AADsAD+6SIf+3Z/ZAPZAP3A//jduMN96AAA",
    "base64",
  ),
  /** 11×6 lossless WebP (VP8L). */
  webpLossless: Buffer.from("UklGRhwAAABXRUJQVlA4TBAAAAAvCkABAAfQzDJH/wMR0f8A", "base64"),
  /** 3×10 lossless WebP with alpha (VP8L, the alpha bit set next to the height). */
  webpLosslessAlpha: Buffer.from("UklGRiAAAABXRUJQVlA4TBQAAAAvAkACEAdQgVQIIAAKmgLGiIj+Bw==", "base64"),
  /** 13×4 WebP with alpha (VP8X). */
  webpExtended: Buffer.from(
    "UklGRkgAAABXRUJQVlA4WAoAAAAQAAAADAAAAwAAQUxQSAoAAAABB1DAiAhERP8DVlA4IBgAAAAwAQCdASoNAAQAAUAmJaQAA3AA/v0gUAA=",
    "base64",
  ),
};

/** The 1×1 PNG, its header claiming `width` × `height` (the chunk's checksum is not what is checked). */
export function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(IMAGES.png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** The baseline JPEG, its frame header claiming `width` × `height` (at most 65,535 a side). */
export function jpegClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(IMAGES.jpeg);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

/** The extended WebP, its canvas claiming `width` × `height` (at most 16,777,216 a side). */
export function webpClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(IMAGES.webpExtended);
  bytes.writeUIntLE(width - 1, 24, 3);
  bytes.writeUIntLE(height - 1, 27, 3);
  return bytes;
}
