import { describe, expect, it } from "vitest";
import { addressAllowed, allowedAddress } from "@/lib/api-keys/addresses";
import { keyRouteFor } from "@/lib/api-keys/routes";

const ID = "0190f5c2-0000-7000-8000-000000000000";

describe("keyRouteFor", () => {
  it("matches a listed method and path exactly, [id] only as a UUID", () => {
    expect(keyRouteFor("POST", "/api/trades")).toEqual({ scope: "trade", order: true });
    expect(keyRouteFor("DELETE", `/api/trades/${ID}`)).toEqual({ scope: "trade" });
    expect(keyRouteFor("GET", `/api/strategies/${ID}`)).toEqual({ scope: "read" });
    // A static segment where [id] stands is another route: not the listed one.
    expect(keyRouteFor("DELETE", "/api/trades/user")).toBeNull();
    expect(keyRouteFor("GET", "/api/trades")).toBeNull();
    expect(keyRouteFor("GET", "/api/trades/user/")).toBeNull();
    expect(keyRouteFor("GET", `/api/strategies/${ID}/accept`)).toBeNull();
    expect(keyRouteFor("POST", "/api/withdrawals")).toBeNull();
  });
});

describe("allowed addresses", () => {
  it("are addresses or networks in one spelling", () => {
    expect(allowedAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(allowedAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(allowedAddress("2001:DB8::/32")).toBe("2001:db8::/32");
    for (const bad of ["", "example.com", "203.0.113.7/33", "2001:db8::/129", "1.2.3.4/8/8", "1.2.3.4/x", "300.1.1.1"])
      expect(allowedAddress(bad), bad).toBeNull();
  });

  it("let through an address inside one of them, whichever way the server spells it", () => {
    const allowed = ["198.51.100.0/24", "2001:db8::1"];
    expect(addressAllowed(allowed, "198.51.100.200")).toBe(true);
    expect(addressAllowed(allowed, "::ffff:198.51.100.1")).toBe(true);
    expect(addressAllowed(allowed, "2001:db8:0:0::1")).toBe(true);
    expect(addressAllowed(allowed, "198.51.101.1")).toBe(false);
    expect(addressAllowed(allowed, "unknown")).toBe(false);
  });
});
