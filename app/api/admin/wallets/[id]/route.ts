import { NextResponse } from "next/server";
import { runTransaction } from "@/db/transaction";
import { proposedAnswer } from "@/lib/approvals/proposals";
import { saveWallet } from "@/lib/approvals/save-wallet";
import { walletView } from "@/lib/funding/views";
import { decimalsByAsset, walletSchema } from "@/lib/funding/wallets";
import { clientIp, parseBody, uuidParam, withAdmin } from "@/lib/http/handler";

/**
 * The whole wallet as it should be; disable it with depositEnabled/withdrawEnabled false. Fees,
 * minimums and switching off are saved at once; a new address or memo, or switching it on, waits
 * for a second administrator (those fields alone). A save with both says both.
 */
export const PUT = withAdmin<{ id: string }>(async ({ req, params, db, auth }) => {
  const id = uuidParam(params.id, "Wallet not found");
  const input = await parseBody(req, walletSchema);
  const actor = { id: auth.user.id, ip: clientIp(req) };
  const answer = await runTransaction(db, async (tx) => {
    const { wallet, proposal } = await saveWallet(tx, id, input, actor);
    const view = walletView(wallet, (await decimalsByAsset(tx))(wallet.currency));
    if (!proposal)
      return {
        status: 200,
        body: { success: true, message: `${wallet.currency} on ${wallet.network} saved`, wallet: view },
      };
    const waiting = proposedAnswer(proposal);
    return { status: 202, body: { ...waiting.body, wallet: view } };
  });
  return NextResponse.json(answer.body, { status: answer.status });
});
