import { href } from "../../../contract/route-table.ts";
import { type FieldSpec, fieldChoices } from "../../../forms/definitions.ts";
import type { FieldErrorCode, FormValues } from "../../../forms/schemas.ts";
import { useLocale } from "../../i18n.ts";
import type { FormPageData } from "../../lib/forms/form-page.server.ts";
import { useInitial } from "../../lib/initial.ts";
import { PhoneInput } from "../phone-input/phone-input.tsx";
import { describedBy, Field, fieldIds, inputClass } from "./field.tsx";
import { useFormMessages } from "./messages.ts";

const PRIVACY_POLICY_ID = "privacy-policy";

interface Props {
  spec: FieldSpec;
  page: FormPageData;
  values: FormValues;
  error?: FieldErrorCode;
}

/** One field of a form, as its spec says: text, e-mail, message, choice, services, phone or consent. */
export function FormField({ spec, page, values, error }: Props) {
  const t = useFormMessages();
  const locale = useLocale();
  const { name, required } = spec;
  const hint = name === "message" ? t.forms.messageHints[page.kind] : (t.forms.hints as Record<string, string>)[name];
  const label = t.forms.fields[name];
  const value = values[name];
  const common = {
    id: fieldIds(name).input,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(name, Boolean(hint), Boolean(error)),
  };

  switch (spec.type) {
    case "text":
    case "email":
      return (
        <Field name={name} label={label} required={required} hint={hint} error={error}>
          <input
            {...common}
            type={spec.type}
            maxLength={spec.max}
            autoComplete={spec.autoComplete}
            defaultValue={value as string}
            className={inputClass}
          />
        </Field>
      );
    case "textarea":
      return (
        <Field name={name} label={label} required={required} hint={hint} error={error}>
          <textarea {...common} rows={name === "message" ? 6 : 3} maxLength={spec.max} defaultValue={value as string} className={inputClass} />
        </Field>
      );
    case "phone":
      return (
        <Field name={name} label={label} required={required} hint={hint} error={error}>
          <div className="mt-1.5">
            <PhoneInput
              id={common.id}
              name={name}
              countries={page.countries}
              defaultValue={value as string | undefined}
              defaultCountry={(values.phoneCountry as string | undefined) || page.defaultCountry}
              invalidMessage={t.forms.errors.phoneInvalid}
              placeholder={t.forms.phone.placeholder}
              locale={locale}
              labels={{ country: t.forms.phone.country, countries: t.forms.phone.countries }}
              required={required}
              invalid={Boolean(error)}
              describedBy={common["aria-describedby"]}
            />
          </div>
        </Field>
      );
    case "select":
    case "journal": {
      const options: (readonly [string, string])[] =
        spec.type === "journal"
          ? page.choices.journals
          : fieldChoices[spec.name].map((choice) => [choice, (t.forms.options[spec.name] as Record<string, string>)[choice]] as const);
      return (
        <Field name={name} label={label} required={required} hint={hint} error={error}>
          <select {...common} defaultValue={(value as string) ?? ""} className={inputClass}>
            <option value="">{t.forms.choose}</option>
            {options.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </Field>
      );
    }
    case "services": {
      const chosen = new Set(Array.isArray(value) ? value : []);
      return (
        <Field as="fieldset" name={name} label={label} required={required} hint={hint} error={error}>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {page.choices.services.map(([id, title]) => (
              <label key={id} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={name}
                  value={id}
                  defaultChecked={chosen.has(id)}
                  aria-invalid={common["aria-invalid"]}
                  aria-describedby={common["aria-describedby"]}
                  className="mt-0.5 size-4 accent-orange-700"
                />
                {title}
              </label>
            ))}
          </div>
        </Field>
      );
    }
    case "consent":
      return <Consent error={error} checked={value === "on"} />;
  }
}

function Consent({ error, checked }: { error?: FieldErrorCode; checked: boolean }) {
  const t = useFormMessages();
  const locale = useLocale();
  const privacy = useInitial().policies.find((p) => p.id === PRIVACY_POLICY_ID);
  const [before, after] = t.forms.consent.split("{privacyPolicy}");
  const ids = fieldIds("consent");
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={ids.input}
          name="consent"
          type="checkbox"
          required
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          className="mt-1 size-4 shrink-0 accent-orange-700"
        />
        <label htmlFor={ids.input} className="text-sm text-stone-700">
          {before}
          {privacy ? (
            <a href={href("policy", { slug: privacy.slug }, locale)} target="_blank" rel="noopener" className="text-orange-800 underline">
              {t.forms.privacyPolicy}
            </a>
          ) : (
            t.forms.privacyPolicy
          )}
          {after}
          <span aria-hidden="true" className="text-orange-800">
            {" *"}
          </span>
        </label>
      </div>
      {error && (
        <p id={ids.error} className="mt-1.5 text-sm font-medium text-red-700">
          {t.forms.errors[error]}
        </p>
      )}
    </div>
  );
}
