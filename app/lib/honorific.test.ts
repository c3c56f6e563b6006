import { describe, expect, it } from "vitest";
import { en } from "../../i18n/messages/en.ts";
import { tr } from "../../i18n/messages/tr.ts";
import { honorificIn } from "./honorific.ts";

describe("a board member's title in the page's language", () => {
  it("writes the Turkish ranks the English way on an English page", () => {
    expect(["Prof. Dr.", "Doç. Dr.", "Dr. Öğr. Üyesi", "Dr."].map((h) => honorificIn(h, en))).toEqual([
      "Prof. Dr.",
      "Assoc. Prof. Dr.",
      "Asst. Prof. Dr.",
      "Dr.",
    ]);
  });

  it("writes them the Turkish way on a Turkish page, whichever way the content wrote them", () => {
    expect(["Prof. Dr.", "Assoc. Prof. Dr.", "Asst. Prof. Dr.", "Doç.  Dr.", "Dr. Öğr. Üyesi"].map((h) => honorificIn(h, tr))).toEqual([
      "Prof. Dr.",
      "Doç. Dr.",
      "Dr. Öğr. Üyesi",
      "Doç. Dr.",
      "Dr. Öğr. Üyesi",
    ]);
  });

  it("shows a title that is not a known rank as written", () => {
    expect(honorificIn("Emeritus Prof.", en)).toBe("Emeritus Prof.");
    expect(honorificIn("Emeritus Prof.", tr)).toBe("Emeritus Prof.");
  });
});
