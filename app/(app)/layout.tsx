import { AppShell } from "@/components/app-shell";
import { requireUser } from "@/lib/auth/page-session";

export default async function SignedInLayout({ children }: { children: React.ReactNode }) {
  const { user } = await requireUser();
  return <AppShell isAdmin={user.role === "admin"}>{children}</AppShell>;
}
