/**
 * What the export tests deposit: an issue of two articles as the content service answers them (a
 * research article in English with its Turkish title, and the correction notice that corrects it)
 * and an edited book with chapters. Full `ArticleDetail` and `BookDetail` values, so the tests also
 * show that the API's answers are what the builders take.
 */

import type { ArticleDetail, BookDetail, Issue } from "../../contract/api-types.ts";

export const issue: Issue = {
  id: "v13-n3",
  volume: 13,
  number: 3,
  year: 2026,
  publishedOn: "2026-09-28",
  specialTitle: null,
  articleCount: 2,
};

const journal: ArticleDetail["journal"] = {
  id: "journal-of-engineering-and-technology",
  slug: "journal-of-engineering-and-technology",
  title: "Journal of Engineering and Technology",
  titles: { en: "Journal of Engineering and Technology", tr: "Mühendislik ve Teknoloji Dergisi" },
  abbreviation: "J. Eng. Technol.",
  eIssn: "2687-1234",
  printIssn: "1300-5678",
  licence: "CC BY 4.0",
};

const common = {
  issueId: issue.id,
  views: 0,
  downloads: 0,
  countedSince: "2026-09-28",
  galleys: [],
  receivedOn: "2026-03-16",
  modifiedOn: null,
  versions: [],
  copyright: { holder: "The Authors", year: 2026 },
  fullText: null,
  related: [],
  issue,
  journal,
  alternates: { en: journal.slug, tr: "muhendislik-ve-teknoloji-dergisi" },
} satisfies Partial<ArticleDetail>;

export const research: ArticleDetail = {
  ...common,
  id: "federated-learning-for-predictive-maintenance",
  title: "Federated Learning for Predictive Maintenance of Weaving Looms",
  titleLanguage: "en",
  type: "research-article",
  language: "en",
  doi: "10.5555/jet.2026.13.3.1",
  firstPage: 234,
  lastPage: 257,
  publishedOn: "2026-09-28",
  acceptedOn: "2026-08-10",
  status: "corrected",
  authors: [
    {
      name: "Elif Aktaş Karaca",
      given: "Elif",
      family: "Aktaş Karaca",
      orcid: "0000-0003-5244-6330",
      affiliations: [{ name: "Pamukkale University", ror: "01etz1309", country: "TR" }],
      corresponding: true,
      email: "elif.karaca@pau.example",
      roles: ["conceptualization"],
    },
    {
      name: "Andreas Weber",
      given: "Andreas",
      family: "Weber",
      orcid: null,
      affiliations: [
        { name: "RWTH Aachen University", ror: "04xfq0f34", country: "DE" },
        { name: "Pamukkale University", ror: "01etz1309", country: "TR" },
      ],
      corresponding: false,
      email: null,
      roles: ["supervision"],
    },
  ],
  licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  funding: [
    {
      funder: "Scientific and Technological Research Council of Türkiye (TÜBİTAK)",
      funderId: "https://doi.org/10.13039/501100004410",
      awards: ["124E318"],
    },
    { funder: "European Commission", funderId: "https://doi.org/10.13039/501100000780", awards: ["101092317", "101092318"] },
  ],
  relations: [
    {
      type: "corrects",
      side: "work",
      article: { issueId: issue.id, id: "correction-federated-learning", title: "Correction", titleLanguage: "en", doi: "10.5555/jet.2026.13.3.2" },
      doi: null,
    },
  ],
  references: [
    {
      id: "ref-1",
      text: "McMahan, B., et al. (2017). Communication-efficient learning of deep networks from decentralized data. AISTATS, 54, 1273–1282.",
      doi: null,
      url: null,
      type: "paper-conference",
      authors: [{ given: "B.", family: "McMahan" }],
      year: 2017,
    },
    {
      id: "ref-2",
      text: "Kairouz, P., et al. (2021). Advances and open problems in federated learning. Foundations and Trends in Machine Learning, 14(1–2), 1–210. https://doi.org/10.1561/2200000083",
      doi: "10.1561/2200000083",
      url: null,
      type: "article-journal",
      authors: [{ given: "P.", family: "Kairouz" }],
      year: 2021,
    },
    {
      id: "ref-3",
      text: "Türkiye İstatistik Kurumu & Ağaoğlu, M. (2024). Sanayi üretim endeksi <2024> & “tekstil”.",
      doi: null,
      url: null,
      type: "report",
      authors: [{ family: "Türkiye İstatistik Kurumu" }],
    },
  ],
  text: {
    en: {
      title: "Federated Learning for Predictive Maintenance of Weaving Looms: Evidence from Textile Plants in Denizli",
      abstractHtml:
        "<p>Textile manufacturers are reluctant to pool machine data.</p><p>Federated learning reached an F1 score of 0.78 &amp; more.</p>",
      keywords: ["federated learning", "predictive maintenance"],
    },
    tr: {
      title: "Dokuma Tezgâhlarının Kestirimci Bakımında Federe Öğrenme: Denizli'deki Tekstil Fabrikalarından Bulgular",
      abstractHtml: "<p>Tekstil üreticileri makine verilerini ortak bir havuzda toplamaya pek istekli değildir.</p>",
      keywords: ["federe öğrenme", "kestirimci bakım"],
    },
  },
};

export const correction: ArticleDetail = {
  ...common,
  id: "correction-federated-learning",
  title: "Correction: Federated Learning for Predictive Maintenance of Weaving Looms",
  titleLanguage: "en",
  type: "correction",
  language: "en",
  doi: "10.5555/jet.2026.13.3.2",
  firstPage: 258,
  lastPage: 258,
  publishedOn: "2026-10-05",
  acceptedOn: null,
  status: "published",
  authors: [],
  licence: { name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  funding: [],
  relations: [
    {
      type: "corrects",
      side: "notice",
      article: { issueId: issue.id, id: research.id, title: research.title, titleLanguage: "en", doi: research.doi },
      doi: null,
    },
  ],
  references: [],
  text: {
    en: {
      title: "Correction: Federated Learning for Predictive Maintenance of Weaving Looms",
      abstractHtml: "<p>The second author's affiliation was given incorrectly.</p>",
      keywords: [],
    },
    tr: { title: "Düzeltme: Dokuma Tezgâhlarının Kestirimci Bakımında Federe Öğrenme", abstractHtml: "", keywords: [] },
  },
};

/** An article without a DOI yet: left out of a deposit. */
export const withoutDoi: ArticleDetail = { ...research, id: "editorial", type: "editorial", doi: null, relations: [], references: [] };

export const book: BookDetail = {
  id: "health-at-the-margins",
  slug: "health-at-the-margins",
  title: "Health at the Margins",
  subtitle: "Migration, Displacement and Primary Care in Türkiye",
  contributors: [
    { name: "Leyla Kaya", given: "Leyla", family: "Kaya", orcid: "0000-0002-1825-0097", affiliations: [], role: "editor" },
    {
      name: "Hannah Richter",
      given: "Hannah",
      family: "Richter",
      orcid: null,
      affiliations: [{ name: "Heidelberg University", ror: "038t36y30", country: "DE" }],
      role: "editor",
    },
  ],
  year: 2023,
  language: "en",
  cover: null,
  categories: [],
  order: null,
  descriptionHtml: "<p>Primary care for migrants and refugees in Türkiye.</p>",
  printIsbn: "978-625-7891-17-2",
  eIsbn: "978-625-7891-18-9",
  doi: "10.5555/mp.book.2023.02",
  pages: 256,
  publicationFormat: { id: "online", title: "Online" },
  licence: "CC BY 4.0",
  url: "https://books.meridianpress.example/health-at-the-margins",
  chapters: [
    {
      title: "Introduction: Primary Care in a Country of Migration",
      authors: [
        { name: "Leyla Kaya", given: "Leyla", family: "Kaya", orcid: null, affiliations: [] },
        { name: "Ayşe Nur Aktaş Karaca", given: "Ayşe Nur", family: "Aktaş Karaca", orcid: null, affiliations: [] },
      ],
      firstPage: 1,
      lastPage: 14,
      doi: "10.5555/mp.book.2023.02.ch1",
    },
    {
      title: "Migrant Health Centres: The Evolution of a Model",
      authors: [{ name: "Ahmet Sarı", given: "Ahmet", family: "Sarı", orcid: null, affiliations: [] }],
      firstPage: 15,
      lastPage: 44,
      doi: "10.5555/mp.book.2023.02.ch2",
    },
    {
      title: "An Afterword Without a DOI",
      authors: [{ name: "Hannah Richter", given: "Hannah", family: "Richter", orcid: null, affiliations: [] }],
      firstPage: 243,
      lastPage: 250,
      doi: null,
    },
  ],
  alternates: { en: "health-at-the-margins", tr: "sinirlardaki-saglik" },
};

export const head = {
  batchId: "mp-v13-n3-20261005",
  at: new Date("2026-10-05T09:30:15.250Z"),
  depositor: { name: "Meridian Press", email: "crossref@meridianpress.example" },
  registrant: "Meridian Press",
};

export const site = "https://meridianpress.example";
