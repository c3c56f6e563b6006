import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "bench/**"],
    // The demo catalogue read and imported once for the run (tests/demo-snapshot.ts).
    globalSetup: ["tests/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A file per core and one more: most files are CPU-bound, and the third fills the time others wait
    // on child processes, timers and PostgreSQL (156 s with two, 146 s with three on the 2-core
    // machine; idle 30 CPU-s against 7).
    maxWorkers: availableParallelism() + 1,
    // Files share a worker's module cache instead of importing everything again each (190 s and
    // 360 CPU-s with isolation, 145 s and 261 CPU-s without, on the 2-core machine). Tests leave no
    // state behind: fake timers and spies are restored after each, databases are their own.
    isolate: false,
  },
});
