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
  },
});
