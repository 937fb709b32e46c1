import { bech32, bech32m } from "bech32";
import bs58check from "bs58check";
import { describe, expect, it } from "vitest";
import { addressProblem, isSupported, isValidAddress, isValidTxHash } from "@/lib/funding/networks";

// An address sent to by mistake loses the funds for good, so each rule of what passes is held here
// at its edges. Addresses are made from their bytes with the same encodings the chains use, so the
// checksums are right and only the rule under test is broken.
const bytes = (length: number, fill = 7) => Uint8Array.from({ length }, (_, i) => (fill + i) % 256);
const tron = (version: number, payload: Uint8Array) => bs58check.encode(Uint8Array.from([version, ...payload]));
const segwit = (codec: typeof bech32, prefix: string, version: number, program: Uint8Array) =>
  codec.encode(prefix, [version, ...codec.toWords(program)]);

describe("Tron (TRC20) addresses", () => {
  it("take base58check of 21 bytes starting 0x41, nothing else", () => {
    expect(addressProblem("TRC20", tron(0x41, bytes(20)))).toBeNull();
    expect(addressProblem("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBeNull();
    expect(addressProblem("TRC20", tron(0x42, bytes(20))), "another version byte").toBe("invalid");
    expect(addressProblem("TRC20", tron(0x41, bytes(19))), "a byte short").toBe("invalid");
    expect(addressProblem("TRC20", tron(0x41, bytes(21))), "a byte over").toBe("invalid");
    const good = tron(0x41, bytes(20));
    const typo = good.slice(0, -1) + (good.endsWith("a") ? "b" : "a");
    expect(addressProblem("TRC20", typo), "a checksum that fails").toBe("invalid");
    expect(addressProblem("TRC20", tron(0x41, new Uint8Array(20))), "the zero address").toBe("burn");
  });
});

describe("Bitcoin addresses", () => {
  it("take legacy P2PKH and P2SH (versions 0x00 and 0x05) only", () => {
    expect(addressProblem("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toBeNull();
    expect(addressProblem("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBeNull();
    expect(addressProblem("BTC", tron(0x6f, bytes(20))), "testnet's version").toBe("invalid");
    expect(addressProblem("BTC", "1111111111111111111114oLvT2"), "the zero hash").toBe("burn");
    expect(addressProblem("BTC", "1BitcoinEaterAddressDontSendf59kuE"), "the best-known eater").toBe("burn");
  });

  it("take segwit v0 in bech32 with a 20- or 32-byte program, on bc only", () => {
    expect(addressProblem("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBeNull();
    expect(addressProblem("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4"), "all upper case").toBeNull();
    expect(addressProblem("BTC", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")).toBeNull();
    expect(addressProblem("BTC", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"), "mixed case").toBe("invalid");
    expect(addressProblem("BTC", segwit(bech32, "tb", 0, bytes(20))), "testnet's prefix").toBe("invalid");
    // The separator is the last "1": this starts "bc1" but its prefix is "bc1x".
    expect(addressProblem("BTC", segwit(bech32, "bc1x", 0, bytes(20))), "a longer prefix starting bc1").toBe("invalid");
    for (const length of [19, 21, 31, 33])
      expect(addressProblem("BTC", segwit(bech32, "bc", 0, bytes(length))), `a ${length}-byte v0 program`).toBe(
        "invalid",
      );
    expect(addressProblem("BTC", segwit(bech32m, "bc", 0, bytes(20))), "v0 in bech32m").toBe("invalid");
    expect(addressProblem("BTC", segwit(bech32, "bc", 0, new Uint8Array(20))), "a zero program").toBe("burn");
  });

  it("take segwit v1–16 in bech32m with a 2- to 40-byte program", () => {
    expect(addressProblem("BTC", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")).toBeNull();
    for (const length of [2, 40])
      expect(addressProblem("BTC", segwit(bech32m, "bc", 1, bytes(length))), `a ${length}-byte v1 program`).toBeNull();
    expect(addressProblem("BTC", segwit(bech32m, "bc", 16, bytes(32))), "version 16").toBeNull();
    for (const length of [1, 41])
      expect(addressProblem("BTC", segwit(bech32m, "bc", 1, bytes(length))), `a ${length}-byte v1 program`).toBe(
        "invalid",
      );
    expect(addressProblem("BTC", segwit(bech32m, "bc", 17, bytes(32))), "version 17").toBe("invalid");
    expect(addressProblem("BTC", segwit(bech32, "bc", 1, bytes(32))), "v1 in bech32").toBe("invalid");
  });
});

describe("EVM addresses (ERC20, BEP20, ETH)", () => {
  it("take 20 bytes in hex, an EIP-55 checksum when the case is mixed, and refuse burn addresses", () => {
    for (const network of ["ERC20", "BEP20", "ETH"] as const) {
      expect(addressProblem(network, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"), network).toBeNull();
      expect(
        addressProblem(network, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
        `${network} all lower case`,
      ).toBeNull();
      expect(
        addressProblem(network, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"),
        `${network} a checksum that fails`,
      ).toBe("invalid");
      expect(addressProblem(network, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea"), `${network} a byte short`).toBe(
        "invalid",
      );
      expect(addressProblem(network, `0x${"0".repeat(40)}`), `${network} the zero address`).toBe("burn");
      expect(addressProblem(network, "0x000000000000000000000000000000000000dEaD"), `${network} 0x…dead`).toBe("burn");
    }
    expect(addressProblem("ERC20", tron(0x41, bytes(20))), "a Tron address on Ethereum").toBe("invalid");
  });
});

describe("what can be sent to", () => {
  it("is a valid address that is no burn address: a bad checksum or a burn address is refused", () => {
    expect(isValidAddress("ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(true);
    expect(isValidAddress("ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"), "a checksum that fails").toBe(false);
    expect(isValidAddress("ERC20", "0x000000000000000000000000000000000000dEaD"), "a burn address").toBe(false);
  });
});

describe("the currencies and networks offered", () => {
  it("are each currency's own networks, and nothing for a currency not offered", () => {
    expect(isSupported("USDT", "BEP20")).toBe(true);
    expect(isSupported("BTC", "BTC")).toBe(true);
    expect(isSupported("BTC", "ERC20"), "a network of another currency").toBe(false);
    expect(isSupported("DOGE", "ERC20"), "a currency not offered").toBe(false);
  });
});

describe("transaction hashes", () => {
  it("are 0x and 64 hex characters on EVM chains, 64 hex characters on Tron and Bitcoin", () => {
    const hex = "ab".repeat(32);
    for (const network of ["ERC20", "BEP20", "ETH"] as const) {
      expect(isValidTxHash(network, `0x${hex}`), network).toBe(true);
      expect(isValidTxHash(network, hex), `${network} without 0x`).toBe(false);
      expect(isValidTxHash(network, `0x${hex}0`), `${network} a character over`).toBe(false);
    }
    for (const network of ["TRC20", "BTC"] as const) {
      expect(isValidTxHash(network, hex), network).toBe(true);
      expect(isValidTxHash(network, `0x${hex}`), `${network} with 0x`).toBe(false);
      expect(isValidTxHash(network, hex.slice(1)), `${network} a character short`).toBe(false);
      expect(isValidTxHash(network, `${hex.slice(1)}g`), `${network} not hex`).toBe(false);
    }
  });
});
