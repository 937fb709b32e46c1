"use client";

import { useRouter } from "next/navigation";
import { useRealtimeEvent } from "@/components/realtime-provider";

/** Another administrator proposed or decided something: the queue on screen follows at once. */
export function LiveApprovals() {
  const router = useRouter();
  useRealtimeEvent("approvals", () => router.refresh());
  return null;
}
