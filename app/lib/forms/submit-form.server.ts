/**
 * What a page's action does with a posted form: the rate limit, the honeypot, the signed token
 * (minimum fill time, and the submission's id), validation, the bot check; then the content
 * service stores it, and the visitor is sent to the page's "sent" answer (post, redirect, get).
 * Every refusal answers the page again with what was typed and a message in the visitor's language.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { pagePath } from "../../../contract/page-path.ts";
import { botCheckAction, type FormKind, guardFields } from "../../../forms/definitions.ts";
import { newSubmissionId, referenceOf } from "../../../forms/reference.ts";
import { choiceIds, type FieldErrors, formValues, validateForm } from "../../../forms/schemas.ts";
import type { Locale } from "../../../i18n/locales.ts";
import { type ApiClient, isContentUnavailable } from "../../../service/api/client.ts";
import { clientIpContext, formsContext } from "../../context.server.ts";
import { verifyBotCheck } from "./bot-check.server.ts";
import { type FormFailure, formChoices } from "./form-page.server.ts";
import { checkFormToken, sentProof, signFormToken } from "./form-token.server.ts";
import { rateLimitKey } from "./rate-limit.server.ts";

const fail = (failure: FormFailure, status: number, headers?: HeadersInit) => data(failure, { status, headers });

export async function submitForm(request: Request, context: Readonly<RouterContextProvider>, api: ApiClient, locale: Locale, kind: FormKind) {
  const forms = context.get(formsContext);
  const ip = context.get(clientIpContext);

  const rate = await forms.rateLimiter.hit(rateLimitKey(ip));
  let posted: FormData;
  try {
    posted = await request.formData();
  } catch {
    return fail({ values: {}, errors: {}, problem: "unreadable" }, 400);
  }
  const values = formValues(kind, posted);
  if (rate.uncounted) {
    return fail({ values, errors: {}, problem: "unavailable" }, 503, { "Retry-After": String(Math.ceil(rate.retryAfterMs / 1000)) });
  }
  if (!rate.allowed) {
    const minutes = Math.max(1, Math.ceil(rate.retryAfterMs / 60_000));
    return fail({ values, errors: {}, problem: "rateLimited", minutes }, 429, { "Retry-After": String(Math.ceil(rate.retryAfterMs / 1000)) });
  }
  const field = (name: string) => String(posted.get(name) ?? "");
  const sent = (reference: string) => redirect(`${pagePath(request.url)}?sent=${reference}&proof=${sentProof(forms.secret, reference)}`, 303);

  // A bot that filled the hidden field is told "sent" and nothing is stored.
  if (field(guardFields.honeypot)) {
    console.warn(`form ${kind}: honeypot filled, submission dropped`);
    return sent(referenceOf(newSubmissionId()));
  }
  const token = checkFormToken(forms.secret, field(guardFields.token), { minFillMs: forms.minFillMs });
  if ("problem" in token) {
    const fresh = token.problem === "expired" ? signFormToken(forms.secret) : undefined;
    return fail({ values, errors: {}, problem: token.problem, token: fresh }, 400);
  }

  try {
    const result = await validateForm(kind, values, choiceIds(await formChoices(api, locale, kind)));
    if (!result.ok) return fail({ values, errors: result.errors }, 422);
    if (forms.botCheck) {
      const verdict = await verifyBotCheck(forms.botCheck, field(guardFields.botCheck), botCheckAction(kind), ip);
      if (verdict === "failed") return fail({ values, errors: {}, problem: "botCheck" }, 400);
      if (verdict === "unavailable") return fail({ values, errors: {}, problem: "botCheckUnavailable" }, 503);
    }
    const accepted = await api.submit({ id: token.id, form: kind, locale, values: result.values });
    return sent(accepted.reference);
  } catch (error) {
    // The content service judged a value differently (a journal removed meanwhile): show which.
    if (isContentUnavailable(error) && error.status === 422 && error.answer?.fields) {
      return fail({ values, errors: error.answer.fields as FieldErrors }, 422);
    }
    console.error(`form ${kind}: the submission could not be stored: ${(error as Error).message}`);
    return fail({ values, errors: {}, problem: "unavailable" }, 503);
  }
}
