import Link from "next/link";

/** On a refused deposit or withdrawal: a conversation with support with that item attached. */
export function AskSupportLink({ id, what }: { id: string; what: "deposit" | "withdrawal" }) {
  return (
    <Link
      href={`/support?about=${id}`}
      className="mt-1 inline-block text-xs font-medium text-gold hover:text-gold-soft"
      data-testid="ask-support"
    >
      Ask support about this {what}
      <span aria-hidden="true"> →</span>
    </Link>
  );
}
