import type { Metadata } from "next";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { availableNetworks } from "@/lib/funding/wallets";
import { DepositAddress } from "./deposit-address";
import { assetName } from "@/lib/core/format";

export const metadata: Metadata = { title: "Deposit address" };

export default async function DepositAddressPage({ params }: { params: Promise<{ currency: string }> }) {
  await requireUser();
  const { currency } = await params;
  const offered = (await availableNetworks(await getDb())).find((c) => c.currency === currency.toUpperCase());
  const networks = offered?.networks.filter((n) => n.deposit) ?? [];
  if (!offered || networks.length === 0) notFound();
  const options = await Promise.all(
    networks.map(async (n) => ({
      network: n.network,
      networkName: n.networkName,
      address: n.deposit!.address,
      memo: n.deposit!.memo,
      minDeposit: n.deposit!.minDeposit,
      // An image of the address, drawn on the server: the page ships no QR code library.
      qr: await QRCode.toDataURL(n.deposit!.address, { margin: 1, width: 220, color: { dark: "#0b0b0d", light: "#ffffff" } }),
    })),
  );
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Deposit {assetName(offered.currency)}</h1>
      <DepositAddress currency={offered.currency} options={options} />
    </div>
  );
}
