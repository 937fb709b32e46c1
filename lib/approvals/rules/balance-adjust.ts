import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "@/db/schema";
import { adjustBalance, manageBalanceSchema } from "@/lib/admin/adjust-balance";
import { assetName, exact } from "@/lib/core/format";
import { notFound } from "@/lib/core/errors";
import { toUnits } from "@/lib/core/amount";
import { amountIn, findAsset } from "@/lib/ledger/assets";
import { userBalances } from "@/lib/ledger/balances";
import { gateChanges, moneyGate } from "../money";
import { targetUser } from "../policy";
import { shown, type Rule } from "../rule";

const payload = manageBalanceSchema.extend({ userId: z.uuid() });

/** A manage-balance credit or debit: to one's own account, or reaching the threshold with what this administrator moved for the user in 24 hours. */
export const balanceAdjust: Rule<z.infer<typeof payload>> = {
  label: "Balance change",
  payload,
  async review(tx, p, { actor, now }) {
    const [user] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, p.userId));
    if (!user) throw notFound("User not found");
    const asset = await findAsset(tx, p.asset);
    const units = amountIn(asset, p.amount);
    const gate = await moneyGate(tx, { adminId: actor.id, userId: user.id, asset: asset.code, units, now });
    if (!gate) return null;
    const available = (await userBalances(tx, user.id)).find((b) => b.asset === asset.code)?.available ?? "0";
    const after = shown(
      toUnits(available, asset.decimals) + (p.operation === "credit" ? units : -units),
      asset.decimals,
    );
    return {
      summary: `${p.operation === "credit" ? "Credit" : "Debit"} ${shown(units, asset.decimals)} ${assetName(asset.code)} ${p.operation === "credit" ? "to" : "from"} ${user.username}`,
      changes: [
        { label: `${user.username}'s available ${assetName(asset.code)}`, before: exact(available), after },
        ...gateChanges(gate, (await targetUser(tx, actor.id)).username, user.username),
      ],
      userId: user.id,
      reason: p.reason,
    };
  },
  run: (tx, p, { actor }) => adjustBalance(tx, { ...p, actorId: actor.id, ip: actor.ip }),
};
