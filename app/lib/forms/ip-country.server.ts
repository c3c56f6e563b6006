/**
 * The visitor's country from the IP-to-country service (IP_COUNTRY_URL, `{ip}` filled in), for
 * the phone field's default country. As the specification says, the text answer counts only when
 * its first character is "1", and the country is its characters 3 and 4 ("1;TR;TUR;Turkey").
 * Answers are remembered for an hour; a failure logs a warning and gives `undefined`, so the
 * phone field falls back to its preferred or first country.
 */
export const IP_COUNTRY_TIMEOUT_MS = 1500;
const REMEMBER_MS = 60 * 60_000;

export function parseIpCountryAnswer(text: string): string | undefined {
  if (text[0] !== "1") return undefined;
  const code = text.slice(2, 4);
  return /^[A-Z]{2}$/.test(code) ? code : undefined;
}

const remembered = new Map<string, { country: string | undefined; until: number }>();

export async function lookupCountry(urlTemplate: string, ip: string | undefined, now = Date.now()): Promise<string | undefined> {
  if (!ip) return undefined;
  const known = remembered.get(ip);
  if (known && known.until > now) return known.country;
  let country: string | undefined;
  try {
    const response = await fetch(urlTemplate.replace("{ip}", encodeURIComponent(ip)), { signal: AbortSignal.timeout(IP_COUNTRY_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const text = await response.text();
    country = parseIpCountryAnswer(text);
    if (!country) throw new Error(`the answer '${text.slice(0, 40)}' names no country`);
  } catch (error) {
    console.warn(`IP-to-country lookup failed for a visitor: ${(error as Error).message}; using the fallback country`);
  }
  if (remembered.size > 10_000) remembered.clear();
  // A failure is tried again after a minute, not an hour.
  remembered.set(ip, { country, until: now + (country ? REMEMBER_MS : 60_000) });
  return country;
}
