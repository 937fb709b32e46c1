import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError } from "@/components/field-error";

/** What ties a control to its label, hint and refusal; spread it on the control. */
export interface Control {
  id: string;
  "aria-describedby": string;
  "aria-invalid": true | undefined;
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "children"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The refusals of this field (from the API, or a check made before sending), read out with it. */
  errors?: string[];
  /** A control other than a plain input (a select, an input with something beside it), given its wiring. */
  children?: (control: Control) => ReactNode;
};

/**
 * A labelled control with its hint and the refusal beside it: the control names both in
 * aria-describedby and is aria-invalid while refused. Without children it is an input (class "field"
 * unless given one) taking every other prop.
 */
export function Field({ id, label, hint, errors, children, className = "field", ...input }: Props) {
  const control: Control = {
    id,
    "aria-describedby": hint ? `${id}-hint ${id}-error` : `${id}-error`,
    "aria-invalid": errors?.length ? true : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children ? children(control) : <input className={className} {...input} {...control} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} messages={errors} />
    </div>
  );
}
