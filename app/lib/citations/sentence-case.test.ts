import { describe, expect, it } from "vitest";
import { sentenceCase } from "./sentence-case.ts";

describe("sentenceCase", () => {
  it("lowers the title's words but the first, the first after a colon, proper nouns its abstract uses, and acronyms", () => {
    const abstract = "This study reads the kadı registers of Tekirdağ to trace how Istanbul was fed in the 1760s, and what the COVID-19 era lacks.";
    expect(sentenceCase("The Grain Provisioning of Istanbul in the 1760s: Evidence from the Kadı Registers of Tekirdağ", "en", abstract)).toBe(
      "The grain provisioning of Istanbul in the 1760s: Evidence from the kadı registers of Tekirdağ",
    );
    expect(sentenceCase("Digital Competence and DigCompEdu after COVID-19", "en", abstract)).toBe("Digital competence and DigCompEdu after COVID-19");
    expect(sentenceCase("A Multicentre Cross-Sectional Study of Istanbul's Ferries", "en", "Ferries in Istanbul's harbour.")).toBe(
      "A multicentre cross-sectional study of Istanbul's ferries",
    );
  });

  it("lowers with Turkish rules in a Turkish title", () => {
    expect(
      sentenceCase("Kırsal Okullarda İnternet Erişimi ve Van Örneği", "tr", "Çalışma Van'daki okulları ve Su idaresini inceler; su kesintileri sık."),
    ).toBe("Kırsal okullarda internet erişimi ve Van örneği");
    expect(sentenceCase("Su Yönetimi", "tr", "Bu kitapta Su da su da geçer.")).toBe("Su yönetimi");
  });
});
