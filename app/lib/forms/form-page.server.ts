/**
 * What a page with a form loads: a fresh signed token, the phone field's countries and default
 * country, the journals or services it offers, and whether it was just sent.
 */
import type { RouterContextProvider } from "react-router";
import { type FormKind, formFields } from "../../../forms/definitions.ts";
import { DEFAULT_PHONE_COUNTRY, fallbackCountry } from "../../../forms/phone-shared.ts";
import type { FieldErrors, FormValues } from "../../../forms/schemas.ts";
import type { Locale } from "../../../i18n/locales.ts";
import type { ApiClient } from "../../../service/api/client.ts";
import { clientIpContext, formsContext } from "../../context.server.ts";
import { phoneCountries } from "../phone-countries.server.ts";
import { sentProof, signFormToken } from "./form-token.server.ts";
import { lookupCountry } from "./ip-country.server.ts";

const PREFERRED_COUNTRIES = [DEFAULT_PHONE_COUNTRY];
const REFERENCE = /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/;

/**
 * A page with a form is never cached: it carries a token signed for this visitor's visit. The
 * action's Retry-After (rate limit) reaches the visitor with the page that shows the message.
 */
export function formPageHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export type FormProblem = "tooFast" | "expired" | "rateLimited" | "unreadable" | "botCheck" | "botCheckUnavailable" | "unavailable";
export interface FormFailure {
  values: FormValues;
  errors: FieldErrors;
  problem?: FormProblem;
  /** With rateLimited: when to try again. */
  minutes?: number;
  /** With expired: a new token, so that sending again works without reloading the page. */
  token?: string;
}

/** The journals and services a form offers, as [id, title] pairs (only what its fields need). */
export async function formChoices(api: ApiClient, locale: Locale, kind: FormKind) {
  const needs = (type: string) => formFields[kind].some((f) => f.type === type);
  const [journals, services] = await Promise.all([
    needs("journal") ? api.journals(locale).then((l) => l.Items.map((j) => [j.id, j.title] as const)) : [],
    needs("services") ? api.services(locale).then((l) => l.Items.map((s) => [s.id, s.title] as const)) : [],
  ]);
  return { journals, services };
}

/** A service named in the address (`?service={id}`) is taken only when the form offers it, like any other input. */
function preselected(query: URLSearchParams, services: readonly (readonly [string, string])[]): FormValues {
  const service = query.get("service");
  return service && services.some(([id]) => id === service) ? { services: [service] } : {};
}

export async function loadFormPage(request: Request, context: Readonly<RouterContextProvider>, api: ApiClient, locale: Locale, kind: FormKind) {
  const forms = context.get(formsContext);
  const countries = phoneCountries(locale, { preferredCountries: PREFERRED_COUNTRIES });
  const [choices, visitorCountry] = await Promise.all([
    // Without the content service the form still shows; sending it then says it could not be stored.
    formChoices(api, locale, kind).catch((error: Error) => {
      console.warn(`form ${kind}: choices unavailable: ${error.message}`);
      return { journals: [], services: [] };
    }),
    forms.ipCountryUrl ? lookupCountry(forms.ipCountryUrl, context.get(clientIpContext)) : DEFAULT_PHONE_COUNTRY,
  ]);
  const codes = countries.map((c) => c.code);
  const query = new URL(request.url).searchParams;
  const sent = query.get("sent") ?? "";
  return {
    /** What the form shows chosen before the visitor's own choices: the service a service page asked about (?service=), when the form offers it. */
    initialValues: preselected(query, choices.services),
    kind,
    token: signFormToken(forms.secret),
    countries,
    defaultCountry: visitorCountry && codes.includes(visitorCountry) ? visitorCountry : fallbackCountry(codes, PREFERRED_COUNTRIES),
    choices,
    botCheckSiteKey: forms.botCheck?.siteKey,
    /** The reference of the submission just sent, when the page is its "sent" answer. */
    sent: REFERENCE.test(sent) && query.get("proof") === sentProof(forms.secret, sent) ? sent : null,
  };
}
export type FormPageData = Awaited<ReturnType<typeof loadFormPage>>;
