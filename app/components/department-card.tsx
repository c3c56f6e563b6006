import type { DepartmentDetail } from "../../contract/api-types.ts";
import { href } from "../../contract/route-table.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { Identifier } from "./identifier.tsx";
import { Link } from "./link.tsx";

/** A department's contact details: e-mail, phone and team. */
export function DepartmentCard({ department, linked = true }: { department: DepartmentDetail; linked?: boolean }) {
  const t = useMessages();
  const locale = useLocale();
  return (
    <section aria-labelledby={`department-${department.id}`} className="card">
      <h2 id={`department-${department.id}`} className="font-serif text-h4">
        {linked ? (
          <Link to={href("department", { slug: department.slug }, locale)} className="hover:text-orange-800">
            {department.name}
          </Link>
        ) : (
          department.name
        )}
      </h2>
      <dl className="facts mt-4">
        <dt>{t.departments.email}</dt>
        <dd>
          <a href={`mailto:${department.email}`} className="text-orange-800 hover:underline">
            <Identifier>{department.email}</Identifier>
          </a>
        </dd>
        <dt>{t.departments.phone}</dt>
        <dd>
          <a href={`tel:${department.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
            {department.phone}
          </a>
        </dd>
      </dl>
      {department.staff.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-stone-500">{t.departments.staff}</h3>
          <ul className="mt-2 grid gap-2 text-sm">
            {department.staff.map((person) => (
              <li key={person.name}>
                <span className="font-medium">{person.name}</span> · {person.role}
                {person.email && (
                  <a href={`mailto:${person.email}`} className="block text-orange-800 hover:underline">
                    <Identifier>{person.email}</Identifier>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
