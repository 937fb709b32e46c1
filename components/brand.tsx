export function Brand({ size = "md" }: { size?: "md" | "lg" }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold tracking-wide text-gold ${size === "lg" ? "text-3xl" : "text-xl"}`}>
      <span aria-hidden="true" className={`rounded-full bg-gradient-to-br from-gold-soft to-gold-deep ${size === "lg" ? "h-8 w-8" : "h-6 w-6"}`} />
      Aurum
    </span>
  );
}
