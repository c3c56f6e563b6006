import type { Author } from "../../../contract/api-types.ts";
import { format, useMessages } from "../../i18n.ts";
import { Identifier } from "../identifier.tsx";
import { OrcidLink } from "../orcid.tsx";

/** Every distinct affiliation of the authors, numbered in order of first mention. */
function numberedAffiliations(authors: Author[]) {
  const list: Author["affiliations"] = [];
  const numbers = authors.map((author) =>
    author.affiliations.map((affiliation) => {
      let index = list.findIndex((a) => a.name === affiliation.name && a.ror === affiliation.ror);
      if (index < 0) index = list.push(affiliation) - 1;
      return index + 1;
    }),
  );
  return { list, numbers };
}

/** The authors with their ORCID iDs and affiliation numbers, the corresponding author's address, then the affiliations with their ROR links. */
export function ArticlePeople({ authors }: { authors: Author[] }) {
  const t = useMessages();
  const { list, numbers } = numberedAffiliations(authors);
  const corresponding = authors.filter((a) => a.corresponding && a.email);
  return (
    <section aria-label={t.articles.authors} className="mt-6 max-w-4xl">
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {authors.map((author, i) => (
          <li key={author.name}>
            <span className="font-medium">{author.name}</span>
            {numbers[i].length > 0 && list.length > 1 && <sup className="ml-0.5 text-xs text-stone-600">{numbers[i].join(",")}</sup>}
            {author.corresponding && author.email && (
              <span aria-hidden="true" className="ml-0.5 text-xs text-stone-600">
                *
              </span>
            )}
            {author.orcid && <OrcidLink orcid={author.orcid} name={author.name} className="ml-1.5" />}
          </li>
        ))}
      </ul>
      {list.length > 0 && (
        <ol className="mt-3 grid gap-0.5 text-sm text-stone-600">
          {list.map((affiliation, i) => (
            <li key={`${affiliation.name}-${affiliation.ror}`}>
              {list.length > 1 && <sup className="mr-1">{i + 1}</sup>}
              {affiliation.name}
              {affiliation.ror && (
                <a
                  href={`https://ror.org/${affiliation.ror}`}
                  className="ml-1.5 text-xs font-semibold text-orange-800 underline underline-offset-2"
                  aria-label={format(t.article.affiliationRor, { name: affiliation.name })}
                >
                  ROR
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      {corresponding.map((author) => (
        <p key={author.name} className="mt-2 text-sm text-stone-600">
          <span aria-hidden="true">* </span>
          {t.article.correspondence}: {author.name},{" "}
          <a href={`mailto:${author.email}`} className="text-orange-800 underline underline-offset-2">
            <Identifier>{author.email ?? ""}</Identifier>
          </a>
        </p>
      ))}
    </section>
  );
}

/** Who did what, in CRediT's terms. */
export function Contributions({ authors }: { authors: Author[] }) {
  const t = useMessages();
  const credited = authors.filter((a) => a.roles.length > 0);
  if (credited.length === 0) return null;
  return (
    <section aria-labelledby="contributions" className="mt-10">
      <h2 id="contributions" className="font-serif text-h2">
        {t.article.contributions}
      </h2>
      <dl className="mt-3 grid gap-2 text-sm">
        {credited.map((author) => (
          <div key={author.name}>
            <dt className="inline font-medium">{author.name}: </dt>
            <dd className="inline text-stone-700">
              {author.roles.map((role) => t.article.roles[role as keyof typeof t.article.roles] ?? role).join(", ")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
