"use client";

import { useRouter } from "next/navigation";
import { useRealtimeEvent } from "@/components/realtime-provider";

/**
 * Follows support events: a reply, a note or a status change of conversation `id` (or of any, without
 * it) re-reads the page from the server, so the thread or the queue on screen is the one in the database.
 */
export function LiveSupport({ id }: { id?: string }) {
  const router = useRouter();
  useRealtimeEvent<{ id: string }>("support", (event) => {
    if (!id || event.id === id) router.refresh();
  });
  return null;
}
