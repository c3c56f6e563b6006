/**
 * A file the pull copies into the content (a galley, a figure): fetched only from the source's own
 * host, refused past a size (by its Content-Length, and by what actually arrives) and unless its
 * type is one expected (and, for a PDF, its first bytes say so).
 */

export interface DownloadRules {
  /** The source's host: a file elsewhere is not fetched. */
  host: string;
  maxBytes: number;
  /** Content types accepted. */
  types: string[];
  /** What the file must start with. */
  magic?: string;
  timeoutMs: number;
}

/** The file's bytes, or why it was not taken. */
export async function download(url: string, rules: DownloadRules): Promise<Uint8Array | string> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  if (target.host !== rules.host || !/^https?:$/.test(target.protocol)) return `${target.host} is not the source's host (${rules.host})`;
  try {
    const response = await fetch(target, { redirect: "error", signal: AbortSignal.timeout(rules.timeoutMs) });
    if (!response.ok || !response.body) return `HTTP ${response.status}`;
    const type = (response.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (!rules.types.includes(type)) return `its type is ${type || "not given"}`;
    if (Number(response.headers.get("content-length") ?? 0) > rules.maxBytes) return `larger than ${rules.maxBytes} bytes`;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > rules.maxBytes) {
        await response.body.cancel().catch(() => {});
        return `larger than ${rules.maxBytes} bytes`;
      }
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    if (rules.magic && bytes.subarray(0, rules.magic.length).toString("latin1") !== rules.magic)
      return `not a ${rules.magic.replace(/\W/g, "")} file`;
    return bytes;
  } catch (error) {
    return (error as Error).name === "TimeoutError" ? `no answer within ${rules.timeoutMs} ms` : (error as Error).message;
  }
}
