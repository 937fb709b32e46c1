import type { Metadata } from "next";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { depositTarget } from "@/lib/funding/deposit-address";
import { availableNetworks, decimalsByAsset } from "@/lib/funding/wallets";
import { listChainDeposits } from "@/lib/chain/list";
import { ChainDeposits } from "./chain-deposits";
import { DepositAddress } from "./deposit-address";
import { assetName } from "@/lib/core/format";

export const metadata: Metadata = { title: "Deposit address" };

export default async function DepositAddressPage({ params }: { params: Promise<{ currency: string }> }) {
  const { user } = await requireUser();
  const { currency } = await params;
  const db = await getDb();
  const offered = (await availableNetworks(db)).find((c) => c.currency === currency.toUpperCase());
  const networks = offered?.networks.filter((n) => n.deposit) ?? [];
  if (!offered || networks.length === 0) notFound();
  const options = await Promise.all(
    networks.map(async (n) => {
      // The user's own address where the chain is followed, the shared wallet's elsewhere.
      const target = await depositTarget(db, user.id, { currency: offered.currency, network: n.network });
      return {
        ...target,
        // An image of the address, drawn on the server: the page ships no QR code library.
        qr: await QRCode.toDataURL(target.address, {
          margin: 1,
          width: 220,
          color: { dark: "#0b0b0d", light: "#ffffff" },
        }),
      };
    }),
  );
  const followed = options.some((o) => o.mode === "chain");
  const seen = followed
    ? await listChainDeposits(db, user.id, { page: 1, pageSize: 20 }, await decimalsByAsset(db))
    : null;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Deposit {assetName(offered.currency)}</h1>
      <DepositAddress currency={offered.currency} options={options} />
      {seen && (
        <ChainDeposits
          currency={offered.currency}
          initial={seen.deposits.filter((d) => d.currency === offered.currency)}
        />
      )}
    </div>
  );
}
