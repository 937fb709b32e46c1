import { NextResponse } from "next/server";
import { decimalsByAsset, updateWallet, walletSchema, walletView } from "@/lib/funding/wallets";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

/** The whole wallet as it should be; disable it with depositEnabled/withdrawEnabled false. */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Wallet not found");
  const input = await parseBody(req, walletSchema);
  const wallet = await updateWallet(db, id, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `${wallet.currency} on ${wallet.network} saved`, wallet: walletView(wallet, (await decimalsByAsset(db))(wallet.currency)) });
});
