import { NextResponse } from "next/server";

/** Liveness for load balancers, and the bare-handler baseline of the trade benchmark: touches nothing. */
export const GET = () => NextResponse.json({ success: true, status: "ok" });
