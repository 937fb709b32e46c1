import type { Metadata } from "next";
import { LegalPage } from "@/components/legal-page";

export const metadata: Metadata = { title: "Terms of Service" };

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>These terms govern your account and everything you do with it. By registering you accept them.</p>
      <h2 className="font-semibold text-gold-soft">Your account</h2>
      <p>
        You keep your password and withdrawal password to yourself. Every change to your balances is recorded and shown
        to you in Records; tell us at once about anything you do not recognise.
      </p>
      <h2 className="font-semibold text-gold-soft">Custody</h2>
      <p>
        The platform holds the assets credited to your account on your behalf. Deposits are credited once our team has
        confirmed them on the chain; withdrawals are held from the moment you request them and sent by our team.
      </p>
      <h2 className="font-semibold text-gold-soft">Trading</h2>
      <p>
        The platform is the counterparty to your trades, at the published feed price plus or minus the published spread,
        with the published fee. No one, administrators included, can set a price or the outcome of a trade. Prices can
        move against you; you can lose money.
      </p>
      <h2 className="font-semibold text-gold-soft">Savings and storage</h2>
      <p>
        Rates are shown before you subscribe and fixed for the subscription. Past rates do not promise future ones.
        Stored XAUt is yours and can be retrieved at any time.
      </p>
      <h2 className="font-semibold text-gold-soft">Closing</h2>
      <p>
        You may stop using your account at any time and withdraw what it holds, subject to the withdrawal rules shown on
        the Withdraw screen.
      </p>
    </LegalPage>
  );
}
