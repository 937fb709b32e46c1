"use client";

/** Something failed while showing a page: say so plainly, offer to try again or go home. Details stay in the server's log. */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold text-gold-soft">Something went wrong</h1>
      <p className="text-sm text-muted">
        This page could not be shown. Your money is not affected: nothing was changed.
      </p>
      <div className="flex gap-2">
        <button type="button" className="btn-gold w-auto px-5" onClick={reset}>
          Try again
        </button>
        {/* A plain link: a full load of Home starts afresh after a failure, and next/link would put its
            client code (~3 KB gzipped) into this boundary, which every route loads with its first page. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, on purpose (above) */}
        <a href="/" className="btn-ghost">
          Home
        </a>
      </div>
    </main>
  );
}
