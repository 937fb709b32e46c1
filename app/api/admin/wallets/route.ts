import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { walletView } from "@/lib/funding/views";
import { createWallet, decimalsByAsset, listWallets, walletSchema } from "@/lib/funding/wallets";
import { clientIp, parseBody, withAdmin } from "@/lib/http/handler";

export const GET = withAdmin(async ({ db }) => {
  const [rows, decimalsOf] = await Promise.all([listWallets(db), decimalsByAsset(db)]);
  return NextResponse.json({ success: true, wallets: rows.map((w) => walletView(w, decimalsOf(w.currency))) });
});

/** A new wallet is where users will send money: it always waits for a second administrator. */
export const POST = withAdmin(async ({ req, db, auth }) => {
  const input = await parseBody(req, walletSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "wallet.create", input, actor);
    if (proposal) return proposedAnswer(proposal);
    const wallet = await createWallet(tx, input, actor);
    return {
      status: 201,
      body: {
        success: true,
        message: `${wallet.currency} on ${wallet.network} added`,
        wallet: walletView(wallet, (await decimalsByAsset(tx))(wallet.currency)),
      },
    };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
