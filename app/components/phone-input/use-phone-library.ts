/**
 * Loads forms/phone.ts (and with it libphonenumber's full metadata) once the field is on the
 * page: a dynamic import, so pages without a phone field never download it. Until it arrives the
 * field is a plain text field and the server's check stands alone.
 */
import { useEffect, useState } from "react";

export type PhoneLibrary = typeof import("../../../forms/phone.ts");

export function usePhoneLibrary(): PhoneLibrary | undefined {
  const [library, setLibrary] = useState<PhoneLibrary>();
  useEffect(() => {
    let mounted = true;
    import("../../../forms/phone.ts").then(
      (module) => mounted && setLibrary(module),
      (error: Error) => console.warn(`phone formatting unavailable: ${error.message}`),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return library;
}
