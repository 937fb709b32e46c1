import { answer } from "@/lib/http/answer";
import { depositSubmittedAnswer, depositsAnswer } from "@/lib/funding/answers";
import { listChainDeposits } from "@/lib/chain/list";
import { createDeposit, depositFieldsSchema, listDeposits, MAX_PROOF_BYTES } from "@/lib/funding/deposits";
import { depositView } from "@/lib/funding/views";
import { decimalsByAsset } from "@/lib/funding/wallets";
import { readForm } from "@/lib/core/body";
import { clientIp, withUser } from "@/lib/http/handler";
import { paginationSchema, searchParamsOf } from "@/lib/core/query";
import { validate } from "@/lib/core/validate";
import { imageField } from "@/lib/uploads";

/** multipart/form-data: currency, network, amount, txHash, and the proof image in "proof". */
export const POST = withUser(async ({ req, db, auth }) => {
  const form = await readForm(req, MAX_PROOF_BYTES);
  const text = (name: string) => (typeof form.get(name) === "string" ? form.get(name) : undefined);
  const fields = validate(depositFieldsSchema, {
    currency: text("currency"),
    network: text("network"),
    amount: text("amount"),
    txHash: text("txHash"),
  });
  const proof = await imageField(form, "proof", MAX_PROOF_BYTES);
  const { deposit, decimals } = await createDeposit(db, auth.user.id, fields, proof, { ip: clientIp(req) });
  return answer(
    depositSubmittedAnswer,
    {
      success: true,
      message: "Deposit submitted: it is credited once our team confirms it",
      deposit: depositView(deposit, decimals),
    },
    { status: 201 },
  );
});

export const GET = withUser(async ({ req, db, auth }) => {
  const page = validate(paginationSchema, searchParamsOf(req));
  const [{ rows, total }, decimalsOf] = await Promise.all([listDeposits(db, auth.user.id, page), decimalsByAsset(db)]);
  // Deposits seen on chain (credited by themselves) are a list of their own, paged alike.
  const chain = await listChainDeposits(db, auth.user.id, page, decimalsOf);
  return answer(depositsAnswer, {
    success: true,
    deposits: rows.map((d) => depositView(d, decimalsOf(d.currency))),
    total,
    chainDeposits: chain.deposits,
    chainTotal: chain.total,
    ...page,
  });
});
