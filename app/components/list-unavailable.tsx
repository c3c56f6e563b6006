import { useMessages } from "../i18n.ts";

/** What a list shows when the content service could not deliver it. */
export function ListUnavailable() {
  const t = useMessages();
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">
      {t.list.loadFailed}
    </p>
  );
}
