import { secp256k1 } from "@noble/curves/secp256k1";
import type { HDKey } from "@scure/bip32";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "@/db/rows";
import { bytesToHex, getAddress, keccak256, type Address } from "viem";
import type { Db } from "@/db/client";
import { depositAddresses } from "@/db/schema";

/**
 * The EVM address of the xpub's non-hardened child `index`: the last 20 bytes of the keccak of its
 * uncompressed public key. The key holder's wallet derives the same child with its private key.
 */
export function deriveAddress(xpub: HDKey, index: number): Address {
  const child = xpub.deriveChild(index);
  const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey!).toRawBytes(false);
  return getAddress(`0x${keccak256(bytesToHex(uncompressed.subarray(1))).slice(-40)}`);
}

/**
 * The user's deposit address, assigned on first use. The index comes from a sequence, which never
 * hands a number out twice; the row is inserted once per user (its primary key), so of parallel
 * first visits one row wins and the others read it (their numbers stay unused, never reused).
 */
export async function depositAddressOf(
  db: Db,
  xpub: HDKey,
  userId: string,
): Promise<{ address: Address; index: number }> {
  const [known] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  if (known) return { address: getAddress(known.address), index: known.derivationIndex };
  const [next] = await rowsOf<{ n: number }>(db, sql`select nextval('deposit_address_index_seq')::int as n`);
  const index = Number(next!.n);
  const address = deriveAddress(xpub, index);
  await db
    .insert(depositAddresses)
    .values({ userId, derivationIndex: index, address: address.toLowerCase() })
    .onConflictDoNothing({ target: depositAddresses.userId });
  const [mine] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
  return { address: getAddress(mine!.address), index: mine!.derivationIndex };
}
