/** A field's refusal from the API, read out with the field (aria-describedby names its id). */
export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  return (
    <p id={id} role={messages?.length ? "alert" : undefined} className="mt-1 min-h-0 text-xs text-danger">
      {messages?.join(" ")}
    </p>
  );
}
