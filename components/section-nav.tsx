/**
 * A long screen's table of contents: links to its sections by anchor, wrapped so that every one is
 * in view on a phone. Each section carries the id and a scroll margin that clears the sticky header.
 */
export function SectionNav({ sections }: { sections: { id: string; label: string }[] }) {
  return (
    <nav aria-label="Sections" className="flex flex-wrap gap-2">
      {sections.map((s) => (
        <a
          key={s.id}
          href={`#${s.id}`}
          className="rounded-full border border-line px-3 py-1.5 text-sm text-muted hover:border-gold hover:text-gold-soft"
        >
          {s.label}
        </a>
      ))}
    </nav>
  );
}
