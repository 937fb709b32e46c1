"use client";

import { FieldError } from "@/components/field-error";

export type StrategyType = "recurring" | "grid";
export type Fields = Record<string, string>;
export const BLANK_FIELDS: Fields = {
  amount: "",
  period: "daily",
  priceCeiling: "",
  maxRounds: "",
  lower: "",
  upper: "",
  levels: "5",
  investment: "",
};

/** The body POST /api/strategies (and a trade setup) takes, from the form's text fields. */
export function strategyBody(type: StrategyType, f: Fields): Record<string, unknown> {
  if (type === "recurring") {
    return {
      type,
      amount: f.amount,
      period: f.period,
      ...(f.priceCeiling ? { priceCeiling: f.priceCeiling } : {}),
      ...(f.maxRounds ? { maxRounds: Number(f.maxRounds) } : {}),
    };
  }
  return { type, lower: f.lower, upper: f.upper, levels: Number(f.levels), investment: f.investment };
}

/**
 * A refusal's messages by field. One the API tied to no field (too little USDT for the budget, a limit)
 * concerns the budget, so it is shown beside the field that sets it, as every other refusal is.
 */
export function refusalsByField(
  type: StrategyType,
  answer: { message: string; errors?: Record<string, string[]> },
): Record<string, string[]> {
  if (answer.errors && Object.keys(answer.errors).length > 0) return answer.errors;
  return { [type === "grid" ? "investment" : "amount"]: [answer.message] };
}

/** The type choice and the fields of one strategy type, labelled, with each field's errors. */
export function StrategyFields({
  idPrefix,
  type,
  onType,
  fields,
  onField,
  errors,
}: {
  idPrefix: string;
  type: StrategyType;
  onType(type: StrategyType): void;
  fields: Fields;
  onField(name: string, value: string): void;
  errors: Record<string, string[]>;
}) {
  const input = (name: string, label: string, hint: string, mode: "decimal" | "numeric" = "decimal") => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="label">
        {label}
      </label>
      <input
        id={`${idPrefix}-${name}`}
        value={fields[name]}
        onChange={(e) => onField(name, e.target.value)}
        inputMode={mode}
        autoComplete="off"
        className="field"
        placeholder={hint}
        aria-describedby={`${idPrefix}-${name}-error`}
      />
      <FieldError id={`${idPrefix}-${name}-error`} messages={errors[name]} />
    </div>
  );
  return (
    <>
      <fieldset className="flex gap-2">
        <legend className="label">Strategy</legend>
        {(["recurring", "grid"] as const).map((t) => (
          <label
            key={t}
            className={`flex-1 cursor-pointer rounded-lg border px-3 py-2 text-center text-sm ${type === t ? "border-gold text-gold" : "border-line text-muted"}`}
          >
            <input
              type="radio"
              name={`${idPrefix}-type`}
              value={t}
              checked={type === t}
              onChange={() => onType(t)}
              className="sr-only"
            />
            {t === "recurring" ? "Recurring buy" : "Grid"}
          </label>
        ))}
      </fieldset>
      {type === "recurring" ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {input("amount", "USDT each round", "e.g. 50")}
          <div>
            <label htmlFor={`${idPrefix}-period`} className="label">
              Every
            </label>
            <select
              id={`${idPrefix}-period`}
              value={fields.period}
              onChange={(e) => onField("period", e.target.value)}
              className="field"
            >
              <option value="hourly">Hour</option>
              <option value="daily">Day</option>
              <option value="weekly">Week</option>
            </select>
            <FieldError id={`${idPrefix}-period-error`} messages={errors.period} />
          </div>
          {input("priceCeiling", "Skip rounds above (USDT, optional)", "no ceiling")}
          {input("maxRounds", "End after rounds (optional)", "until you stop it", "numeric")}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {input("lower", "Lowest price (USDT)", "e.g. 2500")}
          {input("upper", "Highest price (USDT)", "e.g. 2700")}
          {input("levels", "Levels (2–100)", "5", "numeric")}
          {input("investment", "Investment (USDT)", "e.g. 1000")}
        </div>
      )}
    </>
  );
}
