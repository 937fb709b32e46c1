import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectImageType } from "@/lib/uploads";
import { readDimensions } from "@/lib/uploads/dimensions";
import { IMAGES, jpegClaiming, pngClaiming, webpClaiming } from "../support/images";

const dimensionsOf = (bytes: Buffer) => readDimensions(bytes, detectImageType(bytes)!);

describe("image dimensions read from the header", () => {
  it.each([
    ["PNG", IMAGES.png, 1, 1],
    ["baseline JPEG", IMAGES.jpeg, 7, 3],
    ["progressive JPEG", IMAGES.jpegProgressive, 5, 9],
    ["lossy WebP", IMAGES.webpLossy, 7, 3],
    ["lossless WebP", IMAGES.webpLossless, 11, 6],
    ["lossless WebP with alpha", IMAGES.webpLosslessAlpha, 3, 10],
    ["extended WebP", IMAGES.webpExtended, 13, 4],
  ])("are an encoder's own for a real %s", (_, bytes, width, height) => {
    expect(dimensionsOf(bytes)).toEqual({ width, height });
  });

  it("are whatever a header claims, up to each format's largest", () => {
    expect(dimensionsOf(pngClaiming(60_000, 60_000))).toEqual({ width: 60_000, height: 60_000 });
    expect(dimensionsOf(pngClaiming(2 ** 31 - 1, 3))).toEqual({ width: 2 ** 31 - 1, height: 3 });
    expect(dimensionsOf(jpegClaiming(65_535, 40_001))).toEqual({ width: 65_535, height: 40_001 });
    expect(dimensionsOf(webpClaiming(16_777_216, 60_000))).toEqual({ width: 16_777_216, height: 60_000 });
  });

  it("leave out a lossy WebP's upscaling bits, which are not part of its size", () => {
    const scaled = Buffer.from(IMAGES.webpLossy);
    scaled[27]! |= 0xc0;
    scaled[29]! |= 0x40;
    expect(dimensionsOf(scaled)).toEqual({ width: 7, height: 3 });
  });

  it("skip a JPEG's EXIF segment, thumbnail and all, to the image's own frame", () => {
    // An APP1 segment holding a 200×100 frame header, then the real 7×3 image.
    const thumbnail = Buffer.from([
      0xff, 0xe1, 0x00, 0x0d, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x00, 0xc8, 0x03, 0x01,
    ]);
    const withExif = Buffer.concat([IMAGES.jpeg.subarray(0, 2), thumbnail, IMAGES.jpeg.subarray(2)]);
    expect(dimensionsOf(withExif)).toEqual({ width: 7, height: 3 });
    // Fill bytes before a marker are allowed.
    expect(
      dimensionsOf(Buffer.concat([IMAGES.jpeg.subarray(0, 2), Buffer.from([0xff, 0xff]), IMAGES.jpeg.subarray(2)])),
    ).toEqual({ width: 7, height: 3 });
  });

  it("are unreadable (null) for a header that says 0, is cut short, or is not the format's", () => {
    expect(dimensionsOf(pngClaiming(0, 10))).toBeNull();
    expect(dimensionsOf(jpegClaiming(10, 0))).toBeNull(); // height 0: "defined later", never for an upload
    expect(dimensionsOf(IMAGES.png.subarray(0, 23))).toBeNull();
    expect(dimensionsOf(Buffer.from("89504e470d0a1a0a0000000d494844", "hex"))).toBeNull();
    const notIhdr = Buffer.from(IMAGES.png);
    notIhdr.write("IDAT", 12, "latin1");
    expect(dimensionsOf(notIhdr)).toBeNull();
    // A JPEG whose scan starts before any frame header, one that ends, and one with a broken marker.
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01, 0xff, 0xc0]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x00, 0x7f]))).toBeNull();
    // A segment length that lands off a marker, and a frame header after the end of the image.
    const frame = [0xc0, 0x00, 0x11, 0x08, 0x00, 0x03, 0x00, 0x07, 0x03];
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0x00, ...frame]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0x00, 0x02, 0xff, ...frame]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, ...frame]))).toBeNull();
    expect(dimensionsOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, ...frame]))).toEqual({
      width: 7,
      height: 3,
    });
    const sof = IMAGES.jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(dimensionsOf(IMAGES.jpeg.subarray(0, sof + 8))).toBeNull();
    // A WebP of an unknown kind, and a VP8 or VP8L frame without its signature.
    const unknown = Buffer.from(IMAGES.webpLossy);
    unknown.write("VP9 ", 12, "latin1");
    expect(dimensionsOf(unknown)).toBeNull();
    const lossy = Buffer.from(IMAGES.webpLossy);
    lossy[23] = 0;
    expect(dimensionsOf(lossy)).toBeNull();
    const lossless = Buffer.from(IMAGES.webpLossless);
    lossless[20] = 0;
    expect(dimensionsOf(lossless)).toBeNull();
    expect(dimensionsOf(IMAGES.webpExtended.subarray(0, 29))).toBeNull();
  });

  it("never throw, whatever follows a signature, and never read past the end", () => {
    const signatures = [
      IMAGES.png.subarray(0, 16),
      IMAGES.jpeg.subarray(0, 2),
      IMAGES.webpLossy.subarray(0, 16),
      IMAGES.webpLossless.subarray(0, 16),
      IMAGES.webpExtended.subarray(0, 16),
    ];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 64 }), (signature, tail) => {
        const bytes = Buffer.concat([signature, tail]);
        const type = detectImageType(bytes);
        if (!type) return;
        const found = readDimensions(bytes, type);
        if (found) expect(found.width > 0 && found.height > 0).toBe(true);
      }),
    );
    for (const image of Object.values(IMAGES)) {
      for (let end = 0; end < image.length; end++) {
        const prefix = image.subarray(0, end);
        const type = detectImageType(prefix);
        if (type) expect(() => readDimensions(prefix, type)).not.toThrow();
      }
    }
  });
});
