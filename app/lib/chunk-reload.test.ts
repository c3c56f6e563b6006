import { describe, expect, it } from "vitest";
import { mayReloadAfterChunkFailure, RELOAD_GUARD_MS } from "./chunk-reload.ts";

/** A sessionStorage stand-in that lives across "reloads", as the real one does within a tab. */
const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
};

describe("the reload guard after a failed chunk", () => {
  it("reloads on the first failure", () => {
    expect(mayReloadAfterChunkFailure(memoryStorage(), "/journals", 1_000)).toBe(true);
  });

  it("refuses a second reload of the same path within 10 s", () => {
    const storage = memoryStorage();
    mayReloadAfterChunkFailure(storage, "/journals", 1_000);
    expect(mayReloadAfterChunkFailure(storage, "/journals", 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
  });

  it("reloads again once 10 s have passed", () => {
    const storage = memoryStorage();
    mayReloadAfterChunkFailure(storage, "/journals", 1_000);
    expect(mayReloadAfterChunkFailure(storage, "/journals", 1_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(mayReloadAfterChunkFailure(storage, "/journals", 1_000 + RELOAD_GUARD_MS + 1)).toBe(false);
  });

  it("guards each path on its own", () => {
    const storage = memoryStorage();
    mayReloadAfterChunkFailure(storage, "/journals", 1_000);
    expect(mayReloadAfterChunkFailure(storage, "/tr/dergiler", 2_000)).toBe(true);
    expect(mayReloadAfterChunkFailure(storage, "/journals", 3_000)).toBe(false);
  });

  it("refuses when the storage cannot keep the guard, so a failure cannot loop", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    expect(mayReloadAfterChunkFailure(refusing, "/journals", 1_000)).toBe(false);
  });

  it("starts afresh from a damaged record", () => {
    const storage = memoryStorage();
    storage.setItem("meridian:chunk-reloads", "{not json");
    expect(mayReloadAfterChunkFailure(storage, "/journals", 1_000)).toBe(true);
  });
});
