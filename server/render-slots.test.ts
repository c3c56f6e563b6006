import { describe, expect, it } from "vitest";
import { renderSlots } from "./render-slots.ts";

/** A render that ends when told to. */
function pending() {
  const { promise, resolve } = Promise.withResolvers<string>();
  return { render: () => promise, finish: (value: string) => resolve(value) };
}

/** One turn of the event loop. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("render slots", () => {
  it("starts one render per turn of the loop, runs up to max at once, queues the next ones in order, and refuses past the queue", async () => {
    const slots = renderSlots({ max: 2, queueMax: 2, waitMs: 10_000 });
    const [a, b] = [pending(), pending()];
    const running = [slots.run(a.render), slots.run(b.render)];
    // Nothing starts as its request arrives: the loop reads what else arrived first.
    expect(slots.load()).toEqual({ running: 0, waiting: 2 });
    await turn();
    expect(slots.load()).toEqual({ running: 1, waiting: 1 });
    await turn();
    expect(slots.load()).toEqual({ running: 2, waiting: 0 });
    const order: string[] = [];
    const queued = [slots.run(async () => order.push("c")), slots.run(async () => order.push("d"))];
    expect(await slots.run(async () => "e")).toBeUndefined();
    await turn();
    expect(slots.load()).toEqual({ running: 2, waiting: 2 });
    a.finish("a");
    b.finish("b");
    expect(await Promise.all(running)).toEqual(["a", "b"]);
    await Promise.all(queued);
    expect(order).toEqual(["c", "d"]);
    expect(slots.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives up on a render that waited too long, and frees a slot whose render failed", async () => {
    const slots = renderSlots({ max: 1, queueMax: 5, waitMs: 30 });
    const first = pending();
    const running = slots.run(first.render);
    const started = Date.now();
    expect(await slots.run(async () => "late")).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(slots.load()).toEqual({ running: 1, waiting: 0 });
    first.finish("done");
    await running;
    await expect(slots.run(() => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
    expect(await slots.run(async () => "next")).toBe("next");
  });
});
