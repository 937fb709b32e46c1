import { NextResponse } from "next/server";
import { availableNetworks } from "@/lib/funding/wallets";
import { withUser } from "@/lib/http/handler";

export const GET = withUser(async ({ db }) =>
  NextResponse.json({ success: true, currencies: await availableNetworks(db) }),
);
