/**
 * Loads forms/phone.ts (and with it libphonenumber's full metadata, some 50 kB compressed) once
 * `wanted`: from the first time the visitor turns to the number field, not with the page, so that
 * a visit that never types a number never downloads it. A dynamic import, so pages without a
 * phone field never have it either. Until it arrives the field is a plain text field and the
 * server's check stands alone.
 */
import { useEffect, useState } from "react";

export type PhoneLibrary = typeof import("../../../forms/phone.ts");

let loading: Promise<PhoneLibrary> | undefined;

/** The library, imported once per page load whichever field asks first. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= import("../../../forms/phone.ts").catch((error: Error) => {
    // The next interaction tries again (a chunk that failed, on a connection that came back).
    loading = undefined;
    throw error;
  });
  return loading;
}

export function usePhoneLibrary(wanted: boolean): PhoneLibrary | undefined {
  const [library, setLibrary] = useState<PhoneLibrary>();
  useEffect(() => {
    if (!wanted) return;
    let mounted = true;
    loadPhoneLibrary().then(
      (module) => mounted && setLibrary(module),
      (error: Error) => console.warn(`phone formatting unavailable: ${error.message}`),
    );
    return () => {
      mounted = false;
    };
  }, [wanted]);
  return library;
}
