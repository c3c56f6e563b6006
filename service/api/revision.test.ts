import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../../tests/databases.ts";
import { importContent } from "../content/import.ts";
import { readContentFolder } from "../content/read-folder.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { followRevision, readRevision } from "./revision.ts";

const demo = await readContentFolder("content/demo");
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

for (const database of testDatabases()) {
  describe(`the content's revision on ${database.dialect}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle.db.destroy());

    it("moves on with every import, and a follower hears of it", async () => {
      expect(await readRevision(handle.db)).toBe(0);
      const follower = followRevision(() => readRevision(handle.db), 20);
      let changes = 0;
      follower.onChange(() => changes++);
      await until(() => follower.current() === 0 && changes === 0);
      await importContent(handle.db, demo);
      expect(await readRevision(handle.db)).toBe(1);
      await until(() => changes === 1);
      expect([follower.current(), changes]).toEqual([1, 1]);
      follower.stop();
    });
  });
}
