"use client";

import { usePathname } from "next/navigation";
import { useState } from "react";

/** The admin navigation behind a Menu button on narrow screens; it closes when a page is chosen. */
export function AdminMobileMenu({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <>
      <button
        type="button"
        className="btn-ghost w-auto px-3 py-1.5 text-sm"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        {open ? "Close" : "Menu"}
      </button>
      <div
        id="admin-menu"
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 border-b border-line bg-panel px-4 py-3 shadow-lg shadow-black/50"
      >
        {children}
      </div>
    </>
  );
}
