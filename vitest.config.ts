import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "bench/**"],
    // The demo catalogue read and imported once for the run (tests/demo-snapshot.ts).
    globalSetup: ["tests/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file per core: most files wait on child processes, timers and PostgreSQL (383 s with one at a time, 228 s with two, on the 2-core machine).
    maxWorkers: "100%",
    // Files share a worker's module cache instead of importing everything again each (190 s and
    // 360 CPU-s with isolation, 145 s and 261 CPU-s without, on the 2-core machine). Tests leave no
    // state behind: fake timers and spies are restored after each, databases are their own.
    isolate: false,
  },
});
