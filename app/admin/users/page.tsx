import type { Metadata } from "next";
import Link from "next/link";
import { DataTable } from "@/components/data-table";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { listUsers, userListQuerySchema } from "@/lib/admin/users";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/core/query";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminUsersPage({ searchParams }: Props) {
  await requireAdmin();
  const params = plainParams(await searchParams);
  const parsed = userListQuerySchema.safeParse(params);
  const result = parsed.success ? await listUsers(await getDb(), parsed.data) : null;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form method="get" className="flex max-w-xl gap-2" role="search">
        <label htmlFor="q" className="sr-only">
          Search users
        </label>
        <input id="q" name="q" defaultValue={params.q ?? ""} placeholder="Username, email or phone" className="field" />
        <button type="submit" className="btn-gold w-auto">
          Search
        </button>
      </form>
      {!result ? (
        <p role="alert" className="text-danger">
          {parsed.error?.issues[0]?.message}
        </p>
      ) : result.users.length === 0 ? (
        <p className="card text-muted">No users match this search.</p>
      ) : (
        <>
          <DataTable
            label="Users"
            rows={result.users}
            rowKey={(u) => u.id}
            columns={[
              {
                label: "Username",
                rowHeader: true,
                cell: (u) => (
                  <Link href={`/admin/users/${u.id}`} className="text-gold hover:text-gold-soft">
                    {u.username}
                  </Link>
                ),
              },
              { label: "Email", cell: (u) => u.email },
              { label: "Phone", cell: (u) => (u.phoneNumber ? `${u.phoneCode} ${u.phoneNumber}` : "—") },
              { label: "Role", cell: (u) => u.role },
              { label: "Status", cell: (u) => (u.frozenAt ? "frozen" : u.status) },
              { label: "Joined", numeric: true, cell: (u) => <Time at={u.createdAt} date /> },
            ]}
          />
          <Pager
            page={result.page}
            pageSize={result.pageSize}
            total={result.total}
            query={parsed.success && parsed.data.q ? { q: parsed.data.q } : {}}
          />
        </>
      )}
    </div>
  );
}
