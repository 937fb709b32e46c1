import { NextResponse } from "next/server";
import { createWallet, decimalsByAsset, listWallets, walletSchema, walletView } from "@/lib/funding/wallets";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";

export const GET = withAdmin(async ({ db }) => {
  const [rows, decimalsOf] = await Promise.all([listWallets(db), decimalsByAsset(db)]);
  return NextResponse.json({ success: true, wallets: rows.map((w) => walletView(w, decimalsOf(w.currency))) });
});

export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, walletSchema);
  const wallet = await createWallet(db, input, { id: auth.user.id, ip: clientIp(req) });
  return NextResponse.json({ success: true, message: `${wallet.currency} on ${wallet.network} added`, wallet: walletView(wallet, (await decimalsByAsset(db))(wallet.currency)) }, { status: 201 });
});
