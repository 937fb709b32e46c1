import type { Metadata } from "next";
import Link from "next/link";
import { RecordList } from "@/components/record-list";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { RECORD_TABS } from "@/lib/ledger/kinds";
import { listRecords } from "@/lib/ledger/records";

export const metadata: Metadata = { title: "Records" };

type Props = { searchParams: Promise<{ tab?: string }> };

export default async function RecordsPage({ searchParams }: Props) {
  const { user } = await requireUser();
  const { tab: requested } = await searchParams;
  const tab = RECORD_TABS.find((t) => t.id === requested) ?? RECORD_TABS[RECORD_TABS.length - 1]!;
  const { records } = await listRecords(await getDb(), user.id, { page: 1, pageSize: 50, kind: [...tab.kinds] });

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-semibold">Records</h1>
        <Link href="/records" className="text-sm text-gold hover:text-gold-soft">All transactions →</Link>
      </div>
      <nav aria-label="Record types" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {RECORD_TABS.map((t) => (
          <Link
            key={t.id}
            href={`/record?tab=${t.id}`}
            aria-current={t.id === tab.id ? "page" : undefined}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm ${t.id === tab.id ? "border-gold bg-gold/15 text-gold-soft" : "border-line text-muted hover:text-zinc-200"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <RecordList records={records} empty={`No ${tab.label.toLowerCase()} yet.`} />
    </div>
  );
}
