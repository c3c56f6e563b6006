/**
 * An OAI-PMH request's arguments, checked against the protocol (section 3.1 and each verb's
 * arguments in section 4): the verb once and known, every other argument allowed for the verb,
 * given once and not empty, the required ones present, an exclusive argument (resumptionToken)
 * alone, and dates in the repository's granularity (days) with `from` not after `until`.
 */
import { isDay } from "../calendar-day.ts";

export type ErrorCode = "badArgument" | "badResumptionToken" | "badVerb" | "cannotDisseminateFormat" | "idDoesNotExist" | "noRecordsMatch";

export class OaiError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

interface VerbArguments {
  required: readonly string[];
  optional: readonly string[];
  exclusive?: string;
}

const listArguments: VerbArguments = { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" };
const verbs = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
  ListIdentifiers: listArguments,
  ListRecords: listArguments,
} satisfies Record<string, VerbArguments>;

export type Verb = keyof typeof verbs;

export interface OaiRequest {
  verb: Verb;
  /** Every argument but the verb, each given once. */
  args: Record<string, string>;
}

const isVerb = (value: string): value is Verb => Object.hasOwn(verbs, value);

const clip = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

/** The request the arguments make, or throws the OaiError (badVerb or badArgument) they call for. */
export function parseRequest(params: [string, string][]): OaiRequest {
  const verbValues = params.filter(([name]) => name === "verb").map(([, value]) => value);
  if (verbValues.length === 0) throw new OaiError("badVerb", "The verb argument is missing.");
  if (verbValues.length > 1) throw new OaiError("badVerb", "The verb argument is repeated.");
  const verb = verbValues[0];
  if (!isVerb(verb)) throw new OaiError("badVerb", `'${clip(verb)}' is not an OAI-PMH verb.`);

  const allowed: VerbArguments = verbs[verb];
  const args: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name === "verb") continue;
    if (!allowed.required.includes(name) && !allowed.optional.includes(name) && allowed.exclusive !== name) {
      throw new OaiError("badArgument", `The argument '${clip(name)}' is not allowed with ${verb}.`);
    }
    if (Object.hasOwn(args, name)) throw new OaiError("badArgument", `The argument '${name}' is repeated.`);
    if (value === "") throw new OaiError("badArgument", `The argument '${name}' is empty.`);
    args[name] = value;
  }
  const names = Object.keys(args);
  if (allowed.exclusive && names.includes(allowed.exclusive)) {
    if (names.length > 1) throw new OaiError("badArgument", `The argument '${allowed.exclusive}' must be the only argument besides the verb.`);
    return { verb, args };
  }
  for (const name of allowed.required) {
    if (!names.includes(name)) throw new OaiError("badArgument", `The argument '${name}' is required with ${verb}.`);
  }
  for (const name of ["from", "until"] as const) {
    const value = args[name];
    if (value !== undefined && !isDay(value)) {
      throw new OaiError(
        "badArgument",
        `The argument '${name}' must be a day (YYYY-MM-DD), the repository's granularity: '${clip(value)}' is not one.`,
      );
    }
  }
  if (args.from && args.until && args.from > args.until) throw new OaiError("badArgument", "The argument 'from' is later than 'until'.");
  return { verb, args };
}
