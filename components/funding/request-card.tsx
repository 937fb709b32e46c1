import { Amount } from "@/components/amount";
import { age } from "./queue-tabs";
import { StatusBadge } from "./status-badge";
import { Time } from "@/components/time";

interface Request {
  amount: string;
  currency: string;
  networkName: string;
  status: string;
  createdAt: string;
  decidedAt: string | null;
}

/** One deposit or withdrawal in an admin queue: its amount and network, how long it waits or when it was decided, then `children`. */
export function RequestCard({
  request,
  testId,
  children,
}: {
  request: Request;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <li className="card space-y-2" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-lg">
          <Amount value={request.amount} asset={request.currency} />{" "}
          <span className="text-sm text-muted">on {request.networkName}</span>
        </span>
        <span className="flex items-center gap-2 text-sm text-muted">
          {request.status === "pending"
            ? `waiting ${age(request.createdAt)}`
            : request.decidedAt && <Time at={request.decidedAt} />}
          <StatusBadge status={request.status} />
        </span>
      </div>
      {children}
    </li>
  );
}
