/**
 * A row of radio buttons that looks like a segmented switch: each real (transparent) radio covers
 * its option, so clicks, arrow keys and screen readers all work on the input itself.
 */
export function Choice<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="grid grid-flow-col auto-cols-fr gap-1 rounded-xl border border-line bg-raised p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="relative">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
          />
          <span className="pointer-events-none block rounded-lg py-2 text-center text-sm font-medium text-muted transition peer-checked:bg-gold peer-checked:text-ink peer-focus-visible:outline-2 peer-focus-visible:outline-gold">
            {label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
