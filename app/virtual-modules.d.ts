/** The modules scripts/client-messages.ts and scripts/fonts.ts make. */

/** Each locale's messages file in the browser build, as a URL (empty in the browser build itself). */
declare module "virtual:meridian/messages-files" {
  const files: Partial<Record<import("../i18n/locales.ts").Locale, string>>;
  export default files;
}

/** Both locales' `forms` messages. */
declare module "virtual:meridian/form-messages" {
  const forms: Record<import("../i18n/locales.ts").Locale, import("../i18n/messages/index.ts").Messages["forms"]>;
  export default forms;
}
