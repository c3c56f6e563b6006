/**
 * How the content service says no: an `ApiFailure` carries the HTTP status and the `{error,
 * message, fields}` answer, with the message in the caller's language. The service throws it; the
 * HTTP API answers it as it is; the API client over HTTP makes one of the API's answer, and turns
 * either into ContentNotFound or ContentUnavailable.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiError } from "../../contract/api-types.ts";
import { format } from "../../i18n/format.ts";
import { isLocale, type Locale } from "../../i18n/locales.ts";
import { messages } from "../../i18n/messages/index.ts";

export type FailureStatus = 400 | 401 | 404 | 413 | 422;
type ApiMessage = keyof (typeof messages)["en"]["api"];

export class ApiFailure extends Error {
  override name = "ApiFailure";
  readonly status: ContentfulStatusCode;
  readonly answer: ApiError;
  constructor(status: ContentfulStatusCode, answer: ApiError) {
    super(answer.message);
    this.status = status;
    this.answer = answer;
  }
}

/** Throws the failure with the message `key` of the API's messages, in `locale`. */
export function fail(locale: Locale, status: Exclude<FailureStatus, 422>, code: ApiError["error"], key: ApiMessage, values = {}): never {
  throw new ApiFailure(status, { error: code, message: format(messages[locale].api[key], values) });
}

/** The locale for error messages: the path's when valid, else Accept-Language, else English. */
export function errorLocale(path: string, acceptLanguage: string | undefined): Locale {
  const fromPath = path.split("/").find(isLocale);
  if (fromPath) return fromPath;
  return /^\s*tr\b/i.test(acceptLanguage ?? "") ? "tr" : "en";
}
