import type { Metadata } from "next";
import { LegalPage } from "@/components/legal-page";

export const metadata: Metadata = { title: "Privacy Policy" };

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>We keep what running your account requires, and nothing for advertising.</p>
      <h2 className="font-semibold text-gold-soft">What we keep</h2>
      <p>
        Your username, email, country and phone number; your passwords only as one-way hashes; your balances and every
        ledger entry; the deposit proofs you upload, which only you and our team can see; and, for security, the address
        and browser of each sign-in.
      </p>
      <h2 className="font-semibold text-gold-soft">Why</h2>
      <p>
        To run your account, to keep it safe (sign-in limits, withdrawal checks), to credit and send your funds, and to
        answer you when you contact us.
      </p>
      <h2 className="font-semibold text-gold-soft">Who sees it</h2>
      <p>
        Our administrators, for the work above; every administrative action is written to an audit log. We share nothing
        with third parties except where the law requires it.
      </p>
      <h2 className="font-semibold text-gold-soft">Cookies</h2>
      <p>One cookie keeps you signed in. There are no tracking or advertising cookies.</p>
    </LegalPage>
  );
}
