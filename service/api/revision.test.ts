import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { demoBundle } from "../../tests/demo-snapshot.ts";
import { importContent } from "../content/import.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { followRevision, readRevision } from "./revision.ts";

const demo = demoBundle();

for (const database of testDatabases()) {
  describe(`the content's revision on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle.db.destroy());

    it("moves on with every import, and a follower hears of it", async () => {
      expect(await readRevision(handle.db)).toBe(0);
      let answered = 0;
      const follower = followRevision(async () => {
        const revision = await readRevision(handle.db);
        answered++;
        return revision;
      }, 20);
      let changes = 0;
      follower.onChange(() => changes++);
      // The follower's first answer (0) is in before the import: what it hears after is a change.
      await vi.waitFor(() => expect(answered).toBeGreaterThan(0));
      expect([follower.current(), changes]).toEqual([0, 0]);
      await importContent(handle.db, demo);
      expect(await readRevision(handle.db)).toBe(1);
      await vi.waitFor(() => expect(changes).toBe(1));
      expect(follower.current()).toBe(1);
      follower.stop();
    });
  });
}
