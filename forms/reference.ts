/**
 * Submission ids: 12 characters of Crockford's base32 (60 random bits, no I, L, O or U), shown to
 * the visitor as their reference in groups of four.
 * @example referenceOf("7K2M9XD4TQ1B") // "7K2M-9XD4-TQ1B"
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const SUBMISSION_ID = /^[0-9A-HJKMNP-TV-Z]{12}$/;

export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
}

export const referenceOf = (id: string) => (SUBMISSION_ID.test(id) ? (id.match(/.{4}/g) ?? []).join("-") : id);
