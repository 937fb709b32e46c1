export function DetailList({ items }: { items: [label: string, value: React.ReactNode][] }) {
  return (
    <dl className="divide-y divide-line">
      {items.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 py-2.5 text-sm">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
