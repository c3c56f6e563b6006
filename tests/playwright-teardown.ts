/** Playwright's global teardown: the demo snapshot its configuration made for the run, removed (one the test command made is its own). */
import { rmSync } from "node:fs";

export default function teardown() {
  const made = process.env.MERIDIAN_DEMO_SNAPSHOT_MADE;
  if (made) rmSync(made, { recursive: true, force: true });
}
