import { expect, it } from "vitest";
import { licenceUrl } from "./licence.ts";

it("links a Creative Commons licence to its deed and nothing else", () => {
  expect(licenceUrl("CC BY 4.0")).toBe("https://creativecommons.org/licenses/by/4.0/");
  expect(licenceUrl("CC BY-NC 4.0")).toBe("https://creativecommons.org/licenses/by-nc/4.0/");
  expect(licenceUrl("CC BY-NC-SA 4.0")).toBe("https://creativecommons.org/licenses/by-nc-sa/4.0/");
  expect(licenceUrl("All rights reserved")).toBeNull();
  expect(licenceUrl("CC XY 4.0")).toBeNull();
});
