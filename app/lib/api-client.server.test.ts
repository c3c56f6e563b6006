import { describe, expect, it } from "vitest";
import { ContentNotFound, ContentUnavailable, createApiClient, type Transport } from "./api-client.server.ts";

/** A transport that answers from a script, one entry per attempt, recording the waits between. */
function scripted(answers: (number | "network")[]) {
  const calls: string[] = [];
  const waits: number[] = [];
  const transport: Transport = async (path) => {
    calls.push(path);
    const answer = answers[calls.length - 1];
    if (answer === "network") throw new TypeError("fetch failed");
    return new Response(JSON.stringify({ Items: [], Count: 0 }), { status: answer });
  };
  const client = createApiClient(transport, {
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, calls, waits };
}

describe("the API client's retry policy", () => {
  it("retries a 5xx twice, waiting 250 ms then 500 ms", async () => {
    const { client, calls, waits } = scripted([503, 502, 200]);
    await expect(client.books("en")).resolves.toEqual({ Items: [], Count: 0 });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it("retries a network error", async () => {
    const { client, calls } = scripted(["network", 200]);
    await client.books("tr");
    expect(calls).toEqual(["/api/books/tr", "/api/books/tr"]);
  });

  it("gives up after 3 attempts", async () => {
    const { client, calls, waits } = scripted([500, 500, 500, 200]);
    await expect(client.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([250, 500]);
  });

  it("tells an observed page when it gives up, not when a retry or a 404 answered", async () => {
    let told = 0;
    const observed = scripted([503, 200, 404, 500, 500, 500]).client.observed(() => told++);
    await observed.books("en");
    await expect(observed.book("en", "x")).rejects.toBeInstanceOf(ContentNotFound);
    expect(told).toBe(0);
    await expect(observed.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(told).toBe(1);
  });

  it("stops at once on any other status", async () => {
    const notFound = scripted([404, 200]);
    await expect(notFound.client.book("en", "x")).rejects.toBeInstanceOf(ContentNotFound);
    expect(notFound.calls).toHaveLength(1);
    const badRequest = scripted([400, 200]);
    await expect(badRequest.client.books("en")).rejects.toBeInstanceOf(ContentUnavailable);
    expect(badRequest.calls).toHaveLength(1);
    expect(badRequest.waits).toEqual([]);
  });

  it("encodes slugs so a parameter cannot change the path", async () => {
    const { client, calls } = scripted([200]);
    await client.book("en", "../../entities");
    expect(calls).toEqual(["/api/books/en/..%2F..%2Fentities"]);
  });
});
