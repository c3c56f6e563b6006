import { describe, expect, it } from "vitest";
import { splitName } from "./work.ts";

describe("splitName", () => {
  it("takes the last word as the surname, keeping given names, particles and hyphenated surnames whole", () => {
    expect(splitName("Hüsnü Karabulut")).toEqual({ given: "Hüsnü", family: "Karabulut" });
    expect(splitName("Halil İbrahim Sezer")).toEqual({ given: "Halil İbrahim", family: "Sezer" });
    expect(splitName("Aylin Şahin-Krüger")).toEqual({ given: "Aylin", family: "Şahin-Krüger" });
    expect(splitName("Pieter de Vries")).toEqual({ given: "Pieter", family: "de Vries" });
    expect(splitName("Jan van der Berg")).toEqual({ given: "Jan", family: "van der Berg" });
    expect(splitName("  Öztürk ")).toEqual({ given: "", family: "Öztürk" });
  });
});
