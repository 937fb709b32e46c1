import type { Metadata } from "next";
import { RecordsScreen } from "../records/records-screen";

export const metadata: Metadata = { title: "Records" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The spec's "Records": the same screen as /records, under its own name. */
export default function RecordsPage({ searchParams }: Props) {
  return <RecordsScreen base="/record" title="Records" searchParams={searchParams} />;
}
