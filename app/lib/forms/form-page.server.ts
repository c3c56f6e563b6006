/**
 * What a page with a form loads (a fresh signed token, the phone field's countries and default
 * country, the journals or services it offers) and what its action does with a post: the rate
 * limit, the honeypot, the minimum fill time, validation, the bot check, then the content
 * service stores it, and the visitor is sent to the page's "sent" state (post, redirect, get).
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { type FormKind, formFields, guardFields } from "../../../forms/definitions.ts";
import { newSubmissionId } from "../../../forms/reference.ts";
import { type FieldErrors, type FormChoices, type FormValues, formValues, validateForm } from "../../../forms/schemas.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { clientIpContext, formsContext } from "../../context.ts";
import type { ApiClient } from "../api-client.server.ts";
import { pagePath } from "../page-path.ts";
import { phoneCountries } from "../phone-countries.server.ts";
import { DEFAULT_PHONE_COUNTRY, fallbackCountry } from "../phone-shared.ts";
import { verifyBotCheck } from "./bot-check.server.ts";
import { checkFormToken, signFormToken } from "./form-token.server.ts";
import { lookupCountry } from "./ip-country.server.ts";

const PREFERRED_COUNTRIES = [DEFAULT_PHONE_COUNTRY];

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

export type FormProblem = "tooFast" | "expired" | "rateLimited" | "botCheck" | "botCheckUnavailable" | "unavailable";
export interface FormFailure {
  values: FormValues;
  errors: FieldErrors;
  problem?: FormProblem;
  /** With rateLimited: when to try again. */
  minutes?: number;
}

/** The journals and services a form offers, as [id, title] pairs (only what its fields need). */
async function choicesFor(api: ApiClient, locale: Locale, kind: FormKind) {
  const needs = (type: string) => formFields[kind].some((f) => f.type === type);
  const [journals, services] = await Promise.all([
    needs("journal") ? api.journals(locale).then((l) => l.Items.map((j) => [j.id, j.title] as const)) : [],
    needs("services") ? api.services(locale).then((l) => l.Items.map((s) => [s.id, s.title] as const)) : [],
  ]);
  return { journals, services };
}

const idsOf = (choices: Awaited<ReturnType<typeof choicesFor>>): FormChoices => ({
  journals: choices.journals.map(([id]) => id),
  services: choices.services.map(([id]) => id),
});

export async function loadFormPage(context: Readonly<RouterContextProvider>, api: ApiClient, locale: Locale, kind: FormKind) {
  const forms = context.get(formsContext);
  const countries = phoneCountries(locale, { preferredCountries: PREFERRED_COUNTRIES });
  const [choices, visitorCountry] = await Promise.all([
    choicesFor(api, locale, kind),
    forms.ipCountryUrl ? lookupCountry(forms.ipCountryUrl, context.get(clientIpContext)) : DEFAULT_PHONE_COUNTRY,
  ]);
  const codes = countries.map((c) => c.code);
  return {
    kind,
    token: signFormToken(forms.secret),
    countries,
    defaultCountry: visitorCountry && codes.includes(visitorCountry) ? visitorCountry : fallbackCountry(codes, PREFERRED_COUNTRIES),
    choices,
    botCheckSiteKey: forms.botCheck?.siteKey,
  };
}
export type FormPageData = Awaited<ReturnType<typeof loadFormPage>>;

const fail = (failure: FormFailure, status: number, headers?: HeadersInit) => data(failure, { status, headers });

export async function submitForm(request: Request, context: Readonly<RouterContextProvider>, api: ApiClient, locale: Locale, kind: FormKind) {
  const forms = context.get(formsContext);
  const ip = context.get(clientIpContext);
  const posted = await request.formData();
  const values = formValues(kind, posted);
  const field = (name: string) => String(posted.get(name) ?? "");

  const rate = forms.rateLimiter.hit(ip ?? "unknown");
  if (!rate.allowed) {
    const minutes = Math.max(1, Math.ceil(rate.retryAfterMs / 60_000));
    return fail({ values, errors: {}, problem: "rateLimited", minutes }, 429, { "Retry-After": String(Math.ceil(rate.retryAfterMs / 1000)) });
  }
  const sent = (reference: string) => redirect(`${pagePath(request.url)}?sent=${encodeURIComponent(reference)}`, 303);
  // A bot that filled the hidden field is told "sent" and nothing is stored.
  if (field(guardFields.honeypot)) {
    console.warn(`form ${kind}: honeypot filled, submission dropped`);
    return sent(newSubmissionId());
  }
  const tokenProblem = checkFormToken(forms.secret, field(guardFields.token), { minFillMs: forms.minFillMs });
  if (tokenProblem) return fail({ values, errors: {}, problem: tokenProblem }, 400);

  const choices = await choicesFor(api, locale, kind);
  const result = await validateForm(kind, values, idsOf(choices));
  if (!result.ok) return fail({ values, errors: result.errors }, 422);

  if (forms.botCheck) {
    const verdict = await verifyBotCheck(forms.botCheck, field(guardFields.botCheck), ip);
    if (verdict === "failed") return fail({ values, errors: {}, problem: "botCheck" }, 400);
    if (verdict === "unavailable") return fail({ values, errors: {}, problem: "botCheckUnavailable" }, 503);
  }
  try {
    const accepted = await api.submit({ id: newSubmissionId(), form: kind, locale, values: result.values });
    return sent(accepted.reference);
  } catch (error) {
    console.error(`form ${kind}: the submission could not be stored: ${(error as Error).message}`);
    return fail({ values, errors: {}, problem: "unavailable" }, 503);
  }
}
