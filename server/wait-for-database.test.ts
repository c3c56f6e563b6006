import { afterEach, describe, expect, it, vi } from "vitest";
import { DatabaseUnavailable } from "../service/db/unavailable.ts";
import { waitForDatabase } from "./wait-for-database.ts";

/** A clock that moves only when the code under test waits. */
function clock() {
  let time = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => time,
    sleep: async (ms: number) => {
      waits.push(ms);
      time += ms;
    },
  };
}

const refused = () =>
  new Error("the database cannot be used", { cause: new DatabaseUnavailable("the database did not answer: connect ECONNREFUSED") });

describe("waiting for the database at start", () => {
  afterEach(() => vi.restoreAllMocks());

  it("tries again, longer apart each time, until the database answers, and says so on each try", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const time = clock();
    let tries = 0;
    const open = async () => {
      tries++;
      if (tries < 5) throw refused();
      return "open";
    };
    expect(await waitForDatabase(open, { budgetMs: 30_000, ...time })).toBe("open");
    expect(time.waits).toEqual([500, 1000, 2000, 4000]);
    expect(warn.mock.calls.map(([line]) => line)).toEqual([
      expect.stringMatching(/^database not reachable at start \(try 1\): the database cannot be used; trying again in 500 ms \(30 s left/),
      expect.stringContaining("(try 2)"),
      expect.stringContaining("(try 3)"),
      expect.stringContaining("(try 4)"),
    ]);
  });

  it("gives up with the database's own error once the budget is spent, the last wait cut to fit it", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const time = clock();
    let tries = 0;
    const open = async () => {
      tries++;
      throw refused();
    };
    await expect(waitForDatabase(open, { budgetMs: 30_000, ...time })).rejects.toThrow("the database cannot be used");
    expect(time.waits).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000, 5000, 2500]);
    expect(time.now()).toBe(30_000);
    expect(tries).toBe(10);
  });

  it("fails at once on anything but an unreachable database (a wrong password, a failed migration), and with no budget", async () => {
    const time = clock();
    const wrong = async () => {
      throw new Error('password authentication failed for user "meridian"');
    };
    await expect(waitForDatabase(wrong, { budgetMs: 30_000, ...time })).rejects.toThrow("password authentication failed");
    await expect(waitForDatabase(async () => Promise.reject(refused()), { budgetMs: 0, ...time })).rejects.toThrow("the database cannot be used");
    expect(time.waits).toEqual([]);
  });
});
