import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_JSON_DEPTH, MAX_JSON_ENTRIES, readJson } from "@/lib/core/body";
import { AppError } from "@/lib/core/errors";
import { validate } from "@/lib/core/validate";

const post = (raw: string) => new Request("http://localhost/api/x", { method: "POST", body: raw });
const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const listOf = (count: number) => `[${Array.from({ length: count }, () => "0").join(",")}]`;

async function refusal(raw: string): Promise<AppError> {
  const err = await readJson(post(raw)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("readJson refuses bodies by their shape before parsing them", () => {
  it("takes a body exactly as deep as the limit and refuses one level more", async () => {
    await expect(readJson(post(nested(MAX_JSON_DEPTH - 1)))).resolves.toBeTypeOf("object");
    await expect(readJson(post(`[${nested(MAX_JSON_DEPTH - 1)}]`))).resolves.toBeInstanceOf(Array);
    const err = await refusal(`[${nested(MAX_JSON_DEPTH)}]`);
    expect([err.status, err.code]).toEqual([400, "JSON_TOO_DEEP"]);
  });

  it("refuses 10,000 levels at once, objects or arrays, with a 400 instead of overflowing the stack", async () => {
    const started = performance.now();
    for (const raw of [nested(10_000), "[".repeat(30_000) + "]".repeat(30_000)]) {
      expect((await refusal(raw)).code).toBe("JSON_TOO_DEEP");
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("takes exactly the entry limit and refuses one entry more", async () => {
    await expect(readJson(post(listOf(MAX_JSON_ENTRIES - 1)))).resolves.toHaveLength(MAX_JSON_ENTRIES - 1);
    const err = await refusal(listOf(MAX_JSON_ENTRIES + 1));
    expect([err.status, err.code]).toEqual([400, "JSON_TOO_LARGE"]);
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])));
    expect((await refusal(wide)).code).toBe("JSON_TOO_LARGE");
  });

  it("does not count brackets, commas or escaped quotes inside strings", async () => {
    const text = `\\"${"[{,".repeat(5_000)}`;
    await expect(readJson(post(JSON.stringify({ message: text })))).resolves.toEqual({ message: text });
  });

  it("still refuses malformed JSON as INVALID_JSON", async () => {
    for (const raw of ["{not json", '{"a":[}', "]]]", '"unterminated'])
      expect((await refusal(raw)).code).toBe("INVALID_JSON");
  });
});

describe("validate", () => {
  it("names the path of a NUL character however deep the value", () => {
    let value: unknown = "bad\u0000";
    for (let i = 0; i < 5_000; i++) value = { [`k${i % 3}`]: value, other: "ok" };
    const err = (() => {
      try {
        validate(z.unknown(), { fine: "yes", deep: value });
      } catch (e) {
        return e;
      }
    })() as AppError;
    expect(err.code).toBe("VALIDATION_FAILED");
    const [path] = Object.keys(err.errors ?? {});
    expect(path!.split(".")).toHaveLength(5_001);
    expect(path!.startsWith("deep.k1.k0.k2")).toBe(true);
  });
});
