/**
 * The bot check (reCAPTCHA v3), only when RECAPTCHA_SITE_KEY is set: the script loads with the
 * Turkish interface language, its badge is hidden (app.css), and Google's notice is shown instead,
 * as their terms ask. The token goes with the form; the action verifies it.
 */
import { useMessages } from "../../i18n.ts";

declare global {
  interface Window {
    grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
  }
}

export function BotCheckScript({ siteKey }: { siteKey: string }) {
  const t = useMessages();
  const [before, middle, after] = t.forms.botCheckNotice.split(/\{privacy\}|\{terms\}/);
  return (
    <>
      <script async src={`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=tr`} />
      <p className="text-xs text-stone-500">
        {before}
        <a href="https://policies.google.com/privacy" className="underline">
          {t.forms.googlePrivacy}
        </a>
        {middle}
        <a href="https://policies.google.com/terms" className="underline">
          {t.forms.googleTerms}
        </a>
        {after}
      </p>
    </>
  );
}

/** A fresh token for this submission; empty when the script could not load (the action then refuses). */
export async function botCheckToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return "";
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action: action.replace(/[^A-Za-z0-9_/]/g, "_") });
}
