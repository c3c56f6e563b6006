/**
 * The bot check (reCAPTCHA v3), only when RECAPTCHA_SITE_KEY is set: the script loads with the
 * Turkish interface language, its badge is hidden (app.css), and Google's notice is shown instead,
 * as their terms ask. The token goes with the form; the action verifies it.
 */
import { useExternalScript } from "../../lib/external-script.ts";
import { useFormMessages } from "./messages.ts";

declare global {
  interface Window {
    grecaptcha?: { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
  }
}

export function BotCheckScript({ siteKey }: { siteKey: string }) {
  const t = useFormMessages();
  const [before, middle, after] = t.forms.botCheckNotice.split(/\{privacy\}|\{terms\}/);
  useExternalScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=tr`);
  return (
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
  );
}

/** How long sending waits for the bot check's token before going on without one. */
const TOKEN_WAIT_MS = 10_000;

/**
 * A fresh token for this submission; empty when the script is blocked, fails or hangs, so the
 * form is still sent and the action answers with its message instead of the button spinning.
 */
export async function botCheckToken(siteKey: string, action: string): Promise<string> {
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) return "";
  const token = new Promise<string>((resolve, reject) => grecaptcha.ready(() => grecaptcha.execute(siteKey, { action }).then(resolve, reject)));
  const giveUp = new Promise<string>((resolve) => setTimeout(() => resolve(""), TOKEN_WAIT_MS));
  return Promise.race([token, giveUp]).catch(() => "");
}
