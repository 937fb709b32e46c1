import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/pager";
import { getDb } from "@/db/client";
import { listUsers, userListQuerySchema } from "@/lib/admin/users";
import { requireAdmin } from "@/lib/auth/page-session";
import { plainParams } from "@/lib/http/query";
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
        <label htmlFor="q" className="sr-only">Search users</label>
        <input id="q" name="q" defaultValue={params.q ?? ""} placeholder="Username, email or phone" className="field" />
        <button type="submit" className="btn-gold w-auto">Search</button>
      </form>
      {!result ? (
        <p role="alert" className="text-danger">{parsed.error?.issues[0]?.message}</p>
      ) : result.users.length === 0 ? (
        <p className="card text-muted">No users match this search.</p>
      ) : (
        <>
          <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr className="border-b border-line">
                <th>Username</th>
                <th>Email</th>
                <th>Phone</th>
                <th>Role</th>
                <th>Status</th>
                <th className="text-right">Joined</th>
              </tr>
            </thead>
            <tbody>
              {result.users.map((u) => (
                <tr key={u.id} className="border-b border-line/60 hover:bg-raised">
                  <td>
                    <Link href={`/admin/users/${u.id}`} className="text-gold hover:text-gold-soft">{u.username}</Link>
                  </td>
                  <td>{u.email}</td>
                  <td>{u.phoneNumber ? `${u.phoneCode} ${u.phoneNumber}` : "—"}</td>
                  <td>{u.role}</td>
                  <td>{u.frozenAt ? "frozen" : u.status}</td>
                  <td className="text-right tabular-nums"><Time at={u.createdAt} date /></td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
          <Pager page={result.page} pageSize={result.pageSize} total={result.total} query={parsed.success && parsed.data.q ? { q: parsed.data.q } : {}} />
        </>
      )}
    </div>
  );
}
