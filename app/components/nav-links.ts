import type { StaticRouteId } from "../../contract/route-table.ts";
import type { PageMessages } from "../../i18n/messages/index.ts";

/** The header's links, in the specification's order. */
export const headerLinks: { id: StaticRouteId; label: (t: PageMessages) => string }[] = [
  { id: "home", label: (t) => t.nav.home },
  { id: "about", label: (t) => t.nav.whoWeAre },
  { id: "services", label: (t) => t.nav.services },
  { id: "journals", label: (t) => t.nav.journals },
  { id: "books", label: (t) => t.nav.books },
  { id: "policies", label: (t) => t.nav.policies },
  { id: "contact", label: (t) => t.nav.contact },
];
