import { OrcidLink } from "../../components/orcid.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { plural, useLocale, useMessages } from "../../i18n.ts";
import { honorificIn } from "../../lib/honorific.ts";
import { loaderBase, orNotFound } from "../../lib/load.server.ts";
import type { Route } from "./+types/board";
import { useJournal } from "./use-journal.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { api, locale } = loaderBase(request, context);
  return { board: await orNotFound(request, api.editorialBoard(locale, params.slug)) };
}

/** The editorial board, grouped by position. */
export default function EditorialBoard({ loaderData: { board } }: Route.ComponentProps) {
  const t = useMessages();
  const journal = useJournal();
  const locale = useLocale();
  const regions = new Intl.DisplayNames([locale], { type: "region" });
  return (
    <div className="page py-10">
      <PageTitle title={`${t.board.title} · ${journal.title}`} />
      <h2 className="font-serif text-h2">{t.board.title}</h2>
      <p className="mt-1 text-sm text-stone-600">{plural(locale, t.board.members, board.Count)}</p>
      {board.positions.map((position) => (
        <section key={position.id} aria-labelledby={`position-${position.id}`} className="mt-10">
          <h3 id={`position-${position.id}`} className="border-b border-stone-300 pb-2 text-h4 font-semibold">
            {position.title}
          </h3>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {position.members.map((member) => (
              <li key={member.name} className="card">
                <p className="font-semibold">
                  {member.honorific && <span className="font-normal text-stone-600">{honorificIn(member.honorific, t)} </span>}
                  {member.name}
                </p>
                <p className="mt-1 text-sm text-stone-600">
                  {member.affiliation}, {regions.of(member.country)}
                </p>
                {member.orcid && <OrcidLink orcid={member.orcid} name={member.name} showId className="mt-2 text-sm text-stone-700" />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
