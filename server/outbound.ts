/**
 * The process talks to the services its configuration names and to no other host: `fetch` is
 * replaced by one that refuses, before connecting, a URL whose host is not on the list (the
 * content service, the icon service, the IP lookup, the bot-check verifier, the image host). A bug
 * that built a URL from a visitor's input could not make the server call anywhere else.
 */
export function allowOutboundHosts(urls: readonly (string | undefined)[]): void {
  const allowed = new Set(urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u.replace("{ip}", "0.0.0.0")).host));
  const fetchAnywhere = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!allowed.has(url.host)) return Promise.reject(new TypeError(`outbound request to ${url.host} refused: not a configured service`));
    return fetchAnywhere(input, init);
  };
}
