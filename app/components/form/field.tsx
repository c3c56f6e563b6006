import type { ReactNode } from "react";
import type { FieldErrorCode } from "../../../forms/schemas.ts";
import { useFormMessages } from "./messages.ts";

/** The ids that tie a field's label, hint and error together. */
export const fieldIds = (name: string) => ({ input: name, hint: `${name}-hint`, error: `${name}-error` });

export function describedBy(name: string, hint: boolean, error: boolean) {
  const ids = fieldIds(name);
  return [hint && ids.hint, error && ids.error].filter(Boolean).join(" ") || undefined;
}

export const inputClass =
  "mt-1.5 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-orange-600 aria-[invalid=true]:border-red-700";

/** A labelled field: its label (with "*" or "optional"), a hint, the control, and its error. */
export function Field({
  name,
  label,
  required,
  hint,
  error,
  children,
  as: Wrapper = "div",
}: {
  name: string;
  label: string;
  required: boolean;
  hint?: string;
  error?: FieldErrorCode;
  children: ReactNode;
  /** A group of controls (checkboxes) is a fieldset with a legend instead of a label. */
  as?: "div" | "fieldset";
}) {
  const t = useFormMessages();
  const ids = fieldIds(name);
  const text = (
    <>
      {label}
      {required ? (
        <span aria-hidden="true" className="text-orange-800">
          {" *"}
        </span>
      ) : (
        <span className="font-normal text-stone-500"> ({t.forms.optional})</span>
      )}
    </>
  );
  return (
    <Wrapper className="min-w-0" id={Wrapper === "fieldset" ? ids.input : undefined}>
      {Wrapper === "fieldset" ? (
        <legend className="text-sm font-semibold text-stone-800">{text}</legend>
      ) : (
        <label htmlFor={ids.input} className="text-sm font-semibold text-stone-800">
          {text}
        </label>
      )}
      {hint && (
        <p id={ids.hint} className="mt-1 text-sm text-stone-500">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={ids.error} className="mt-1.5 text-sm font-medium text-red-700">
          {t.forms.errors[error]}
        </p>
      )}
    </Wrapper>
  );
}
