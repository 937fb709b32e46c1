import { describe, expect, it } from "vitest";
import { publicSettings, settingsSchema } from "@/lib/settings/schema";

describe("settings", () => {
  it("has a complete default for a fresh install", () => {
    const s = settingsSchema.parse({});
    expect(s).toMatchObject({
      siteName: "Aurum",
      logoUrl: null,
      registrationOpen: true,
      trading: { enabled: true, feeBps: 20, spreadBps: 30 },
    });
    expect(publicSettings(s)).toEqual({ siteName: "Aurum", logoUrl: null, supportUrl: null, registrationOpen: true });
  });

  it("fills settings added later into an older saved row", () => {
    expect(settingsSchema.parse({ siteName: "Gold Co", trading: { feeBps: 5 } }).trading).toMatchObject({
      feeBps: 5,
      spreadBps: 30,
      enabled: true,
    });
  });

  it("refuses a support link that is not https or mailto", () => {
    expect(settingsSchema.safeParse({ supportUrl: "javascript:alert(1)" }).error?.issues[0]?.message).toBe(
      "The support link must start with https:// or mailto:",
    );
  });
});
