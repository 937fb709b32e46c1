import { newMnemonic, xpubOf } from "@/chain/dev-chain";

/**
 * `npm run chain:xpub`, on a machine that is offline and stays so: a new mnemonic (written down and
 * kept by the key holder, never given to the app) and its extended public key, the DEPOSIT_XPUB the
 * app is given. With MNEMONIC set, the xpub of that mnemonic instead.
 */
const given = process.env.MNEMONIC?.trim();
const mnemonic = given || newMnemonic();
if (!given) console.log(`MNEMONIC (keep offline, never on the server): ${mnemonic}`);
console.log(`DEPOSIT_XPUB=${xpubOf(mnemonic)}`);
