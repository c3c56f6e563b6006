import { useEffect, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { botCheckAction, formFields, guardFields } from "../../../forms/definitions.ts";
import type { FieldErrors } from "../../../forms/schemas.ts";
import { format, plural, useLocale } from "../../i18n.ts";
import type { FormFailure, FormPageData } from "../../lib/forms/form-page.server.ts";
import { BotCheckScript, botCheckToken } from "./bot-check.tsx";
import { FormField } from "./form-field.tsx";
import { useFormMessages } from "./messages.ts";

type Validation = typeof import("../../../forms/schemas.ts");
let validation: Promise<Validation> | undefined;

/**
 * The form's schemas (zod, some 25 kB compressed), fetched when the visitor first turns to a form
 * rather than with the page; sending waits for them. Should they fail to load, the form is sent
 * unchecked and the page's action answers, as it does without JavaScript.
 */
function loadValidation(): Promise<Validation | undefined> {
  validation ??= import("../../../forms/schemas.ts").catch((error: Error) => {
    validation = undefined;
    throw error;
  });
  return validation.catch((error: Error) => {
    console.warn(`form check unavailable, the server checks: ${error.message}`);
    return undefined;
  });
}

const prepareValidation = () => void loadValidation();

/**
 * A contact form. Without JavaScript it is a plain HTML form that the page's action answers
 * (errors beside their fields, what was typed kept). With JavaScript the same schema checks it
 * before sending (loaded on the first focus or press inside the form), and the bot check's token
 * is added when it is configured.
 */
export function SubmissionForm({ page, failure, contactEmail }: { page: FormPageData; failure?: FormFailure; contactEmail?: string }) {
  const t = useFormMessages();
  const locale = useLocale();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const [checking, setChecking] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  const errors = clientErrors ?? failure?.errors ?? {};
  const values = failure?.values ?? page.initialValues;
  const errorCount = Object.keys(errors).length;
  const problem = clientErrors ? undefined : failure?.problem;

  // A new answer from the server replaces the browser's own check.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new answer, which it does not read.
  useEffect(() => setClientErrors(null), [failure]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: move focus each time a new set of problems is shown.
  useEffect(() => {
    if (errorCount > 0 || problem) summary.current?.focus();
  }, [clientErrors, failure]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const posted = new FormData(event.currentTarget);
    setChecking(true);
    try {
      const schemas = await loadValidation();
      const result = schemas && (await schemas.validateForm(page.kind, schemas.formValues(page.kind, posted), schemas.choiceIds(page.choices)));
      setClientErrors(result && !result.ok ? result.errors : null);
      if (result && !result.ok) return;
      if (page.botCheckSiteKey) posted.set(guardFields.botCheck, await botCheckToken(page.botCheckSiteKey, botCheckAction(page.kind)));
      await submit(posted, { method: "post" });
    } finally {
      setChecking(false);
    }
  }

  const problemText =
    problem &&
    [
      problem === "rateLimited" ? plural(locale, t.forms.problems.rateLimited, failure?.minutes ?? 1) : t.forms.problems[problem],
      problem === "botCheck" && contactEmail ? format(t.forms.problems.writeTo, { email: contactEmail }) : "",
    ].join(" ");

  return (
    <Form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocus={prepareValidation}
      onPointerDown={prepareValidation}
      className="grid gap-5"
      aria-labelledby="form-heading"
    >
      <div>
        <h2 id="form-heading" className="font-serif text-h2">
          {t.forms.heading}
        </h2>
        <p className="mt-1 text-sm text-stone-500">{t.forms.requiredNote}</p>
      </div>
      {(errorCount > 0 || problem) && (
        <div ref={summary} tabIndex={-1} role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">{problemText || plural(locale, t.forms.summary, errorCount)}</p>
          {errorCount > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {formFields[page.kind]
                .filter((spec) => errors[spec.name])
                .map((spec) => (
                  <li key={spec.name}>
                    <a href={`#${spec.name}`} className="underline">
                      {t.forms.fields[spec.name]}
                    </a>
                  </li>
                ))}
            </ul>
          )}
        </div>
      )}
      {formFields[page.kind].map((spec) => (
        <FormField key={spec.name} spec={spec} page={page} values={values} error={errors[spec.name]} />
      ))}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t.forms.honeypot}
          <input type="text" name={guardFields.honeypot} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <input type="hidden" name={guardFields.token} value={failure?.token ?? page.token} />
      {page.botCheckSiteKey && <BotCheckScript siteKey={page.botCheckSiteKey} />}
      <div>
        <button type="submit" className="btn-primary inline-flex disabled:opacity-70" disabled={busy || checking}>
          {busy || checking ? t.forms.sending : t.forms.send}
        </button>
      </div>
    </Form>
  );
}
