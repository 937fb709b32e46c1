import type { Metadata } from "next";
import { RecordsScreen } from "./records-screen";

export const metadata: Metadata = { title: "Transaction Records" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The spec's "Transaction Records": the same screen as /record, under its own name. */
export default function TransactionRecordsPage({ searchParams }: Props) {
  return <RecordsScreen base="/records" title="Transaction Records" searchParams={searchParams} />;
}
