/**
 * Resumption tokens: self-contained, so no state is kept between a harvester's requests and any
 * process behind the site can answer the next page. A token is the base64url of a small JSON: the
 * list's verb and arguments, the key of the last article sent, how many were sent before the
 * next page (the cursor) and the list's size when the harvest began. Paging by key keeps a token
 * valid for as long as the harvester needs it: a content import in between neither repeats nor
 * skips an article that was there before and after it. A token that does not decode to exactly
 * this (or is used with another verb) is a badResumptionToken.
 */
import { z } from "zod";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const tokenSchema = z.strictObject({
  verb: z.enum(["ListIdentifiers", "ListRecords"]),
  metadataPrefix: z.string().min(1).max(40),
  set: z.string().min(1).max(200).optional(),
  from: z.string().regex(DAY).optional(),
  until: z.string().regex(DAY).optional(),
  after: z.tuple([z.string().regex(DAY), z.string().min(1).max(200), z.string().min(1).max(200)]),
  cursor: z.number().int().min(1),
  completeListSize: z.number().int().min(0),
});

export type ResumptionState = z.infer<typeof tokenSchema>;

export const encodeToken = (state: ResumptionState) => Buffer.from(JSON.stringify(state)).toString("base64url");

/** The state a token carries, or undefined when it is not one of ours. */
export function decodeToken(token: string): ResumptionState | undefined {
  if (token.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(token, "base64url").toString("utf8")));
    // Only the exact text this module wrote: no other encoding of the same state.
    return parsed.success && encodeToken(parsed.data) === token ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
