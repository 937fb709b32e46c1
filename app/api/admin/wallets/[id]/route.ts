import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposalFor, proposedAnswer } from "@/lib/approvals/proposals";
import { decimalsByAsset, updateWallet, walletSchema, walletView } from "@/lib/funding/wallets";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

/** The whole wallet as it should be; disable it with depositEnabled/withdrawEnabled false. A new address or memo, or switching it on, waits for a second administrator. */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Wallet not found");
  const input = await parseBody(req, walletSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const proposal = await proposalFor(tx, "wallet.update", { ...input, walletId: id }, actor);
    if (proposal) return proposedAnswer(proposal);
    const wallet = await updateWallet(tx, id, input, actor);
    return { status: 200, body: { success: true, message: `${wallet.currency} on ${wallet.network} saved`, wallet: walletView(wallet, (await decimalsByAsset(tx))(wallet.currency)) } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
