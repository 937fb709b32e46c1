import type { Metadata } from "next";
import { LegalPage } from "@/components/legal-page";

export const metadata: Metadata = { title: "Legality" };

export default function LegalityPage() {
  return (
    <LegalPage title="Legality">
      <p>
        XAUt (Tether Gold) is a token issued by TG Commodities Limited; each token represents ownership of one fine troy
        ounce of physical gold held in a vault. Owning XAUt on this platform means the platform holds it for you.
      </p>
      <p>
        Trading and holding crypto-assets is regulated differently from country to country, and is not allowed
        everywhere. You are responsible for making sure that using this service is lawful where you live, and for any
        taxes on your gains.
      </p>
      <p>
        Crypto-assets are not bank deposits and are not covered by deposit guarantee schemes. Their value can fall as
        well as rise.
      </p>
    </LegalPage>
  );
}
