/** What an admin form's last submit came to, said beside its button. */
export type Result = { ok: boolean; text: string } | null;

export function ResultLine({ result, testId }: { result: Result; testId?: string }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      data-testid={testId}
      className={`text-sm ${result.ok ? "text-success" : "text-danger"}`}
    >
      {result.text}
    </p>
  );
}
