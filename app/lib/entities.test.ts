import { describe, expect, it } from "vitest";
import type { Entities, ReferenceEntity } from "../../contract/api-types.ts";
import { namedEntities, rootDataStale } from "./entities.ts";

const entity = (id: string, en: string, tr: string): ReferenceEntity => ({ id, order: null, langData: { en: { title: en }, tr: { title: tr } } });

describe("reference entities", () => {
  it("keeps the kinds the site shows, named in the page's locale and in the API's order", () => {
    const entities: Entities = {
      categories: [entity("education", "Education", "Eğitim"), entity("history", "History", "Tarih")],
      indexes: [entity("trdizin", "TR Dizin", "TR Dizin")],
      publicationFormats: [entity("online", "Online", "Çevrim içi")],
      reviewTypes: [entity("double-blind", "Double-blind", "Çift kör")],
      metricTypes: [entity("h-index", "h-index", "h-indeksi")],
      journalSystems: [entity("ojs", "OJS", "OJS")],
      teamPositions: [entity("editor", "Editor", "Editör")],
    };
    expect(namedEntities(entities, "tr")).toEqual({
      categories: [
        { id: "education", title: "Eğitim" },
        { id: "history", title: "Tarih" },
      ],
      indexes: [{ id: "trdizin", title: "TR Dizin" }],
      publicationFormats: [{ id: "online", title: "Çevrim içi" }],
      reviewTypes: [{ id: "double-blind", title: "Çift kör" }],
    });
  });

  it("are fetched again only on a change of locale, or while no categories are held", () => {
    const url = (path: string) => new URL(path, "https://www.meridianpress.example");
    expect(rootDataStale(url("/journals"), url("/books?page=2"), true)).toBe(false);
    expect(rootDataStale(url("/tr/dergiler"), url("/tr/kitaplar"), true)).toBe(false);
    expect(rootDataStale(url("/journals"), url("/tr/dergiler"), true)).toBe(true);
    expect(rootDataStale(url("/tr"), url("/"), true)).toBe(true);
    expect(rootDataStale(url("/journals"), url("/books"), false)).toBe(true);
  });
});
