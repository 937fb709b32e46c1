import type { Metadata } from "next";
import QRCode from "qrcode";
import { InviteLink } from "@/components/account/invite-link";
import { getDb } from "@/db/client";
import { requireUser } from "@/lib/auth/page-session";
import { readEnv } from "@/lib/core/env";
import { linkOrigin } from "@/lib/core/origin";
import { listInvites } from "@/lib/referrals/invites";
import { Time } from "@/components/time";

export const metadata: Metadata = { title: "Invite Friends" };

export default async function InviteFriendsPage() {
  const { user } = await requireUser();
  const { referralCode, rewardUsdt, invites } = await listInvites(await getDb(), user.id);
  const link = `${linkOrigin(readEnv())}/register?ref=${encodeURIComponent(referralCode)}`;
  // Drawn on the server, as the deposit address is: the page ships no QR code library.
  const qr = await QRCode.toDataURL(link, { margin: 1, width: 200, color: { dark: "#0b0b0d", light: "#ffffff" } });
  const rewarded = Number(rewardUsdt) > 0;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Invite Friends</h1>
      <section className="card space-y-3" aria-labelledby="invite-heading">
        <h2 id="invite-heading" className="font-semibold">
          Your invitation
        </h2>
        <p className="text-sm text-muted">
          {rewarded
            ? `When a friend who signed up with your code has their first deposit approved, you receive ${rewardUsdt} USDT, once per friend.`
            : "Share your code with friends; there is no reward for invitations at the moment."}
        </p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
        <img src={qr} alt="QR code of your invitation link" width={200} height={200} className="mx-auto rounded-lg" />
        <InviteLink code={referralCode} link={link} />
      </section>
      <section className="card" aria-labelledby="friends-heading">
        <h2 id="friends-heading" className="mb-2 font-semibold">
          Friends who joined
        </h2>
        {invites.length === 0 ? (
          <p className="text-sm text-muted">No one has joined with your code yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-testid="invite-list">
            {invites.map((i, n) => (
              <li key={n} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                <span className="font-mono">{i.username}</span>
                <span className="text-xs text-muted">
                  joined <Time at={i.joinedAt} date />
                </span>
                <span className={i.rewardPaid ? "text-xs text-gold-soft" : "text-xs text-muted"}>
                  {i.rewardPaid ? "Reward paid" : "No reward yet"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
