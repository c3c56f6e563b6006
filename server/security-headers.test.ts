import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { htmlPolicy, withPagePolicy } from "./security-headers.ts";

const none = { analytics: false, botCheck: false };
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
/** The script sources of a policy. */
const scriptSources = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "));

/** What the policy was first written with: a regular expression over the page as one string. */
function referenceHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = attributes.match(/\btype\s*=\s*["']?([^"'\s>]*)/i)?.[1];
    const runs = type === undefined || type === "" || type === "module" || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type);
    if (!runs || body === "") continue;
    hashes.add(sha(body));
  }
  return [...hashes];
}

const pages = [
  "<html><head></head><body><p>No scripts</p></body></html>",
  `<script>window.__a = "ı ş ğ — 🙂";</script><p>x</p><script type="module">import "/a.js";</script>`,
  `<SCRIPT>upper()</SCRIPT><Script Type="text/javascript">mixed()</sCrIpT ><script type=application/ld+json>{"a":1}</script>`,
  `<script src="/x.js"></script><script async src=/y.js>ignored()</script><script></script><script>same()</script><script>same()</script>`,
  `<scripts>not a script</scripts><script-like>no</script-like><noscript><p>text</p></noscript><script>after()</script>`,
  `<p>&lt;script&gt;text&lt;/script&gt;</p><script>"</script"; two()</script ><script>unclosed()`,
  `<script data-x="a>b">gt()</script>`,
  "<script>\n  multi();\n  line();\n</script\n>",
  `<script type="text/x-script">data</script><script type="">empty()</script>`,
];

describe("a page's policy", () => {
  it.each(pages)("allows the inline scripts the page runs, by hash, and nothing else: %s", (html) => {
    const expected = referenceHashes(html);
    const policy = htmlPolicy(html, none);
    expect(scriptSources(policy)).toBe(`script-src ${expected.length > 0 ? ["'strict-dynamic'", ...expected, "'self'"].join(" ") : "'none'"}`);
    expect(htmlPolicy(Buffer.from(html), none)).toBe(policy);
  });

  it("is the same whether the page's bytes come in one piece or streamed", async () => {
    const html = pages[1] + pages[2];
    const bytes = new TextEncoder().encode(html);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 40), bytes.subarray(40)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const page = await withPagePolicy(new Response(stream, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } }), none);
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Security-Policy")).toBe(htmlPolicy(html, none));
    expect(await page.text()).toBe(html);
  });

  it("leaves answers that are not pages, and pages that have a policy, as they are", async () => {
    const json = new Response("{}", { headers: { "Content-Type": "application/json" } });
    expect(await withPagePolicy(json, none)).toBe(json);
    const kept = new Response("<script>x()</script>", { headers: { "Content-Type": "text/html", "Content-Security-Policy": "kept" } });
    expect(await withPagePolicy(kept, none)).toBe(kept);
  });
});
