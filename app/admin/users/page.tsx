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

/** The filters a page link keeps, without the empty ones. */
function filtersOf(query: { q?: string; role?: string; status?: string }): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of ["q", "role", "status"] as const) if (query[key]) kept[key] = query[key];
  return kept;
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AdminUsersPage({ searchParams }: Props) {
  await requireAdmin();
  const params = plainParams(await searchParams);
  const parsed = userListQuerySchema.safeParse(params);
  const result = parsed.success ? await listUsers(await getDb(), parsed.data) : null;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form method="get" className="flex max-w-3xl flex-wrap gap-2" role="search">
        <label htmlFor="q" className="sr-only">
          Search users
        </label>
        <input
          id="q"
          name="q"
          defaultValue={params.q ?? ""}
          placeholder="Username, email or phone"
          className="field min-w-0 flex-1 basis-56"
        />
        <label htmlFor="role" className="sr-only">
          Role
        </label>
        <select id="role" name="role" defaultValue={params.role ?? ""} className="field w-auto">
          <option value="">Any role</option>
          <option value="user">Users</option>
          <option value="admin">Administrators</option>
        </select>
        <label htmlFor="status" className="sr-only">
          Status
        </label>
        <select id="status" name="status" defaultValue={params.status ?? ""} className="field w-auto">
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="disabled">Disabled</option>
        </select>
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
            query={filtersOf(parsed.success ? parsed.data : {})}
          />
        </>
      )}
    </div>
  );
}
