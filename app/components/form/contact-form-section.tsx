import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { DepartmentDetail } from "../../../contract/api-types.ts";
import { format } from "../../i18n.ts";
import type { FormFailure, FormPageData } from "../../lib/forms/form-page.server.ts";
import { Link } from "../link.tsx";
import { useFormMessages } from "./messages.ts";
import { SubmissionForm } from "./submission-form.tsx";

/** A form page's document title: "Error: …" while its form is answered with problems, so a screen reader hears it first. */
export function useFormPageTitle(title: string, failure: FormFailure | undefined): string {
  const t = useFormMessages();
  return failure ? format(t.forms.errorTitle, { title }) : title;
}

/** A page's form, or, once it was sent, the thanks with the visitor's reference. */
export function ContactFormSection({ form, department, failure }: { form: FormPageData; department?: DepartmentDetail; failure?: FormFailure }) {
  const t = useFormMessages();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const { sent } = form;
  useEffect(() => {
    if (sent) heading.current?.focus();
  }, [sent]);
  if (!sent) return <SubmissionForm page={form} failure={failure} contactEmail={department?.email} />;
  return (
    <section role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-6">
      <h2 ref={heading} id="form-heading" tabIndex={-1} className="font-serif text-h2 text-emerald-950">
        {t.forms.sent.title}
      </h2>
      <p className="mt-2 text-stone-800">{format(t.forms.sent.body, { department: department?.name ?? t.site.name })}</p>
      <p className="mt-2 font-medium text-stone-800">{format(t.forms.sent.reference, { reference: sent })}</p>
      <Link to={pathname} className="btn-secondary mt-5">
        {t.forms.sent.another}
      </Link>
    </section>
  );
}
