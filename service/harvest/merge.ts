/**
 * Who owns an article's fields across pulls (content/README.md, "Harvesting"): a field the
 * source's record carries is the source's, and each pull writes it as the record says; a field
 * the record does not carry is the publisher's, and stays as the editor wrote it. The rule goes
 * down into objects (a licence, a locale's texts) and into the authors when the record lists as
 * many authors as the file (an ORCID iD or a CRediT role added by hand to an author survives);
 * other lists are the source's whole when it sends them. The article's id, once given, is the
 * publisher's: it is the page's address.
 */

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** Lists merged item by item when their lengths agree: the authors, and their affiliations. */
const itemwise = new Set(["authors", "affiliations"]);

export function keepPublisherFields(existing: unknown, incoming: unknown, key = ""): unknown {
  if (incoming === undefined) return existing;
  if (isPlain(existing) && isPlain(incoming)) {
    const merged: Plain = {};
    for (const k of new Set([...Object.keys(existing), ...Object.keys(incoming)])) {
      const value = keepPublisherFields(existing[k], incoming[k], k);
      if (value !== undefined) merged[k] = value;
    }
    return merged;
  }
  if (itemwise.has(key) && Array.isArray(existing) && Array.isArray(incoming) && existing.length === incoming.length) {
    return incoming.map((item, i) => keepPublisherFields(existing[i], item));
  }
  return incoming;
}
