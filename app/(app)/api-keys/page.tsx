import type { Metadata } from "next";
import { ApiKeys } from "@/components/account/api-keys";
import { getDb } from "@/db/client";
import { listApiKeys } from "@/lib/api-keys/manage";
import { requireUser } from "@/lib/auth/page-session";
import { hasTwoFactor } from "@/lib/auth/two-factor/verify";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { user } = await requireUser();
  const db = await getDb();
  const [keys, twoFactorOn] = await Promise.all([listApiKeys(db, user.id), hasTwoFactor(db, user.id)]);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">API keys</h1>
      <ApiKeys keys={keys} twoFactorOn={twoFactorOn} />
    </div>
  );
}
