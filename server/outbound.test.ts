import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("outbound requests", () => {
  it("reach the configured services' hosts only, and another host is refused before any connection", () => {
    // In a process of its own: the guard replaces the global fetch.
    const script = `
      import { createServer } from "node:http";
      import { allowOutboundHosts } from "./server/outbound.ts";
      const server = createServer((_, res) => res.end("ok")).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address();
      allowOutboundHosts([\`http://127.0.0.1:\${port}/icons\`, undefined, "https://{ip}.lookup.example/{ip}"]);
      const allowed = await (await fetch(\`http://127.0.0.1:\${port}/anything\`)).text();
      const refused = await Promise.all(
        ["http://127.0.0.1:1/", "http://169.254.169.254/latest/meta-data", new Request("https://evil.example/")].map((url) =>
          fetch(url).then(() => "fetched", (error) => error.message),
        ),
      );
      console.log(JSON.stringify({ allowed, refused }));
      server.close();
    `;
    const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
    const { allowed, refused } = JSON.parse(result.stdout) as { allowed: string; refused: string[] };
    expect(allowed).toBe("ok");
    expect(refused).toEqual([
      "outbound request to 127.0.0.1:1 refused: not a configured service",
      "outbound request to 169.254.169.254 refused: not a configured service",
      "outbound request to evil.example refused: not a configured service",
    ]);
  });
});
