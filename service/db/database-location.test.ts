import { describe, expect, it } from "vitest";
import { databaseLocation } from "./database-location.ts";

describe("the database the environment names", () => {
  it("is data/content.db on a bare machine", () => {
    expect(databaseLocation({})).toBe("data/content.db");
  });

  it("is SQLITE_FILE, unless DATABASE_URL names a PostgreSQL database", () => {
    expect(databaseLocation({ SQLITE_FILE: "/srv/site.db" })).toBe("/srv/site.db");
    expect(databaseLocation({ SQLITE_FILE: "/srv/site.db", DATABASE_URL: "postgres://db/meridian" })).toBe("postgres://db/meridian");
  });

  it("takes an empty variable for an unset one", () => {
    expect(databaseLocation({ DATABASE_URL: "", SQLITE_FILE: "" })).toBe("data/content.db");
  });

  it("refuses a DATABASE_URL that is not a postgres:// URL, naming it, rather than opening it as a file", () => {
    expect(() => databaseLocation({ DATABASE_URL: "mysql://db/meridian" })).toThrow("invalid configuration:\n  DATABASE_URL: a postgres:// URL");
  });
});
