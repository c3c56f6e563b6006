/**
 * `npm run content:generate -- --journals 200 --articles 100000 [--out data/large.db | --database <postgres:// URL or SQLite file>]
 * [--content content/demo] [--seed 1]`: a large synthetic catalogue for load tests. Journals, boards, issues
 * and articles are generated in memory from word lists; everything else (reference entities, services,
 * policies, pages, departments, books, calls for papers) is the content folder's, its calls given to the
 * generated journals. The same options give the same catalogue.
 * `--out` starts a new SQLite file; `--database` replaces the content of an existing database, as an import does.
 */
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { importContent } from "../service/content/import.ts";
import { progress } from "../service/content/progress.ts";
import { type ContentBundle, type JournalBundle, readContentFolder } from "../service/content/read-folder.ts";
import {
  type articleTypes,
  type BoardFile,
  boardFile,
  type IssueFile,
  issueFile,
  type JournalFile,
  journalFile,
  type journalFrequencies,
  type ReferenceFile,
} from "../service/content/schema.ts";
import { migrateToLatest, openDatabase } from "../service/db/database.ts";

// ---- deterministic randomness (mulberry32): the same seed always gives the same catalogue ----

function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  /** `count` distinct items, in the list's order. */
  const some = <T>(list: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(count, list.length)) chosen.add(Math.floor(next() * list.length));
    return [...chosen].sort((a, b) => a - b).map((i) => list[i]);
  };
  /** An item drawn with the probabilities given next to each (summing to 1). */
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    let draw = next();
    for (const [item, weight] of items) {
      draw -= weight;
      if (draw < 0) return item;
    }
    return items[0][0];
  };
  return { next, int, pick, some, weighted };
}
type Random = ReturnType<typeof seededRandom>;

// ---- word lists: [English, Turkish] ----

type Pair = readonly [en: string, tr: string];

/** Journal fields with the reference category they belong to. */
const fields: readonly (readonly [en: string, tr: string, category: string])[] = [
  ["Social Research", "Sosyal Araştırmalar", "social-sciences"],
  ["Sociology", "Sosyoloji", "social-sciences"],
  ["Political Science", "Siyaset Bilimi", "social-sciences"],
  ["Psychology", "Psikoloji", "social-sciences"],
  ["Education", "Eğitim", "education"],
  ["Economics", "İktisat", "economics"],
  ["Finance", "Finans", "economics"],
  ["Engineering", "Mühendislik", "engineering"],
  ["Civil Engineering", "İnşaat Mühendisliği", "engineering"],
  ["Health Sciences", "Sağlık Bilimleri", "health-sciences"],
  ["Nursing", "Hemşirelik", "health-sciences"],
  ["History", "Tarih", "history"],
  ["Ottoman Studies", "Osmanlı Araştırmaları", "history"],
  ["Linguistics", "Dilbilim", "linguistics"],
  ["Translation Studies", "Çeviribilim", "linguistics"],
  ["Environmental Sciences", "Çevre Bilimleri", "environmental-sciences"],
  ["Climate Research", "İklim Araştırmaları", "environmental-sciences"],
  ["Law", "Hukuk", "law"],
  ["Public Law", "Kamu Hukuku", "law"],
  ["Computer Science", "Bilgisayar Bilimleri", "computer-science"],
  ["Data Science", "Veri Bilimi", "computer-science"],
  ["Agriculture", "Ziraat", "agriculture"],
  ["Food Science", "Gıda Bilimi", "agriculture"],
  ["Urban Studies", "Şehircilik", "urban-studies"],
  ["Regional Planning", "Bölge Planlama", "urban-studies"],
];

/** Journal title patterns: `%` is the field. */
const journalPatterns: readonly Pair[] = [
  ["Journal of %", "% Dergisi"],
  ["International Journal of %", "Uluslararası % Dergisi"],
  ["Anatolian Journal of %", "Anadolu % Dergisi"],
  ["Mediterranean Review of %", "Akdeniz % İncelemeleri"],
  ["Bosphorus Journal of %", "Boğaziçi % Dergisi"],
  ["Eurasian Journal of %", "Avrasya % Dergisi"],
  ["Annals of %", "% Yıllığı"],
  ["Studies in %", "% Çalışmaları"],
];

const topics: readonly Pair[] = [
  ["Urban Transformation", "Kentsel Dönüşüm"],
  ["Migration", "Göç"],
  ["Informal Employment", "Kayıt Dışı İstihdam"],
  ["Social Trust", "Sosyal Güven"],
  ["Climate Adaptation", "İklim Uyumu"],
  ["Water Management", "Su Yönetimi"],
  ["Teacher Education", "Öğretmen Eğitimi"],
  ["Digital Literacy", "Dijital Okuryazarlık"],
  ["Public Health", "Halk Sağlığı"],
  ["Primary Care", "Birinci Basamak Sağlık Hizmetleri"],
  ["Monetary Policy", "Para Politikası"],
  ["Household Debt", "Hane Halkı Borçluluğu"],
  ["Renewable Energy", "Yenilenebilir Enerji"],
  ["Seismic Risk", "Deprem Riski"],
  ["Machine Learning", "Makine Öğrenmesi"],
  ["Language Technology", "Dil Teknolojisi"],
  ["Local Government", "Yerel Yönetim"],
  ["Cultural Heritage", "Kültürel Miras"],
  ["Press History", "Basın Tarihi"],
  ["Food Security", "Gıda Güvenliği"],
  ["Soil Erosion", "Toprak Erozyonu"],
  ["Labour Markets", "İşgücü Piyasaları"],
  ["Youth Unemployment", "Genç İşsizliği"],
  ["Civil Liability", "Hukuki Sorumluluk"],
  ["Data Protection", "Kişisel Verilerin Korunması"],
  ["Air Quality", "Hava Kalitesi"],
  ["Housing Affordability", "Konut Edinilebilirliği"],
  ["Tourism", "Turizm"],
  ["Gender Equality", "Toplumsal Cinsiyet Eşitliği"],
  ["Ageing", "Yaşlanma"],
  ["Trade Networks", "Ticaret Ağları"],
  ["Bilingual Education", "İki Dilli Eğitim"],
];

const settings: readonly Pair[] = [
  ["Istanbul", "İstanbul"],
  ["Ankara", "Ankara"],
  ["İzmir", "İzmir"],
  ["Bursa", "Bursa"],
  ["Anatolia", "Anadolu"],
  ["the Eastern Mediterranean", "Doğu Akdeniz"],
  ["the Black Sea Region", "Karadeniz Bölgesi"],
  ["Türkiye", "Türkiye"],
  ["the Balkans", "Balkanlar"],
  ["Southeastern Anatolia", "Güneydoğu Anadolu"],
  ["Coastal Cities", "Kıyı Kentleri"],
  ["Rural Districts", "Kırsal İlçeler"],
];

const approaches: readonly Pair[] = [
  ["A Panel Study", "Bir Panel Çalışması"],
  ["Evidence from Survey Data", "Anket Verilerinden Bulgular"],
  ["A Qualitative Study", "Nitel Bir Çalışma"],
  ["A Mixed-Methods Analysis", "Karma Yöntemli Bir Analiz"],
  ["A Systematic Review", "Sistematik Bir Derleme"],
  ["A Spatial Analysis", "Mekânsal Bir Analiz"],
  ["A Historical Perspective", "Tarihsel Bir Bakış"],
  ["A Case Study", "Bir Vaka Çalışması"],
  ["A Comparative Analysis", "Karşılaştırmalı Bir Analiz"],
  ["Lessons from Fieldwork", "Saha Çalışmasından Dersler"],
];

const sources: readonly Pair[] = [
  ["household survey responses", "hane halkı anketi yanıtı"],
  ["semi-structured interviews", "yarı yapılandırılmış görüşme"],
  ["archival records", "arşiv kaydı"],
  ["administrative records", "idari kayıt"],
  ["classroom observations", "sınıf gözlemi"],
  ["patient files", "hasta dosyası"],
  ["satellite images", "uydu görüntüsü"],
];

const firstNames = [
  "Elif",
  "Mehmet",
  "Zeynep",
  "Ahmet",
  "Ayşe",
  "Mustafa",
  "Emine",
  "Can",
  "Deniz",
  "Burak",
  "Selin",
  "Kerem",
  "Hannah",
  "Jonas",
  "Sarah",
  "Nikos",
  "Ioanna",
  "Marieke",
  "Daniel",
  "Liesbeth",
  "Gülşen",
  "Serkan",
  "Ece",
  "Cem",
];
const lastNames = [
  "Aksoy",
  "Yılmaz",
  "Kaya",
  "Demir",
  "Şahin",
  "Çelik",
  "Öztürk",
  "Arslan",
  "Doğan",
  "Kılıç",
  "Aydın",
  "Erdem",
  "Whitfield",
  "Albrecht",
  "Cohen",
  "Papadakis",
  "Kritikou",
  "van den Berg",
  "Hollis",
  "Janssens",
  "Tunçel",
  "Saraçoğlu",
];
const affiliations: readonly (readonly [name: string, country: string])[] = [
  ["Boğaziçi University", "TR"],
  ["Middle East Technical University", "TR"],
  ["Ankara University", "TR"],
  ["Hacettepe University", "TR"],
  ["Dokuz Eylül University", "TR"],
  ["Koç University", "TR"],
  ["Akdeniz University", "TR"],
  ["Gaziantep University", "TR"],
  ["University of Manchester", "GB"],
  ["Humboldt University of Berlin", "DE"],
  ["University of Amsterdam", "NL"],
  ["KU Leuven", "BE"],
  ["Aristotle University of Thessaloniki", "GR"],
  ["University of California, Los Angeles", "US"],
];
const honorifics = ["Prof. Dr.", "Doç. Dr.", "Dr. Öğr. Üyesi", "Dr."];

const issuesPerYear: Record<(typeof journalFrequencies)[number], number> = {
  monthly: 12,
  bimonthly: 6,
  quarterly: 4,
  triannual: 3,
  biannual: 2,
  annual: 1,
};
const frequencies = Object.keys(issuesPerYear) as (typeof journalFrequencies)[number][];
/** Weighted like a real catalogue: mostly research articles. */
const typeWeights: readonly (readonly [(typeof articleTypes)[number], number])[] = [
  ["research-article", 0.75],
  ["review-article", 0.1],
  ["case-report", 0.05],
  ["book-review", 0.05],
  ["editorial", 0.05],
];

/** The most recent year with issues: earlier than any plausible "today", so no date is in the future. */
const LAST_YEAR = 2025;
const ARTICLES_PER_ISSUE = 25;
const BOARD_SIZE = 10;

// ---- identifiers with check digits ----

const turkishAscii: Record<string, string> = { ç: "c", ğ: "g", ı: "i", ö: "o", ş: "s", ü: "u", â: "a", î: "i", û: "u" };
function slugify(text: string): string {
  return text
    .toLocaleLowerCase("tr")
    .replace(/[çğıöşüâîû]/g, (c) => turkishAscii[c])
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** ISSN from its first seven digits: the check digit is the weighted sum mod 11 (10 is X). */
function issnOf(seven: number): string {
  const digits = String(seven).padStart(7, "0");
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (8 - i), 0);
  const check = (11 - (sum % 11)) % 11;
  return `${digits.slice(0, 4)}-${digits.slice(4)}${check === 10 ? "X" : check}`;
}

/** ORCID iD from 15 random digits: ISO 7064 MOD 11-2 check character. */
function orcidOf(random: Random): string {
  const digits = `0000000${random.int(1, 3)}${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
  let total = 0;
  for (const d of digits) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  const all = digits + (check === 10 ? "X" : String(check));
  return all.match(/.{4}/g)?.join("-") ?? all;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);
const lowerTr = (text: string) => text.toLocaleLowerCase("tr");

// ---- the catalogue ----

function personName(random: Random) {
  return `${random.pick(firstNames)} ${random.pick(lastNames)}`;
}

function journalText(index: number) {
  // Field × pattern: the first 200 titles all differ; beyond that a number keeps them apart.
  const field = fields[index % fields.length];
  const pattern = journalPatterns[Math.floor(index / fields.length) % journalPatterns.length];
  const round = Math.floor(index / (fields.length * journalPatterns.length));
  const suffix = round > 0 ? ` ${round + 1}` : "";
  return {
    field,
    en: pattern[0].replace("%", field[0]) + suffix,
    tr: pattern[1].replace("%", field[1]) + suffix,
  };
}

const abbreviations: Record<string, string> = { Journal: "J.", International: "Int.", Review: "Rev.", Studies: "Stud.", Annals: "Ann." };
/** Roughly ISO 4: common title words have fixed abbreviations, other long words are cut. */
function abbreviate(title: string): string {
  return title
    .split(" ")
    .filter((w) => !["of", "in", "and", "the"].includes(w))
    .map((w) => abbreviations[w] ?? (w.length > 5 ? `${w.slice(0, 4)}.` : w))
    .join(" ");
}

function generateJournal(random: Random, ref: ReferenceFile, index: number, articleCount: number): JournalBundle {
  const { field, en, tr } = journalText(index);
  const slug = slugify(en);
  const code = `${en
    .split(" ")
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0].toLowerCase())
    .join("")}${index + 1}`;
  const systemUrl = `https://journals.meridianpress.example/${code}`;
  const categoryIds = ref.categories.map((c) => c.id);
  const issueCount = Math.ceil(articleCount / ARTICLES_PER_ISSUE);
  // A frequency whose issues fit in the years since 1900.
  const frequency = [random.pick(frequencies), ...frequencies].find((f) => issueCount / issuesPerYear[f] <= LAST_YEAR - 1900) ?? "monthly";
  const perYear = issuesPerYear[frequency];
  const startYear = LAST_YEAR - Math.ceil(issueCount / perYear) + 1;
  const languages: JournalFile["languages"] = random.next() < 0.7 ? ["en", "tr"] : [random.pick(["en", "tr"] as const)];
  const openAccess = random.next() < 0.85;

  const journal: JournalFile = {
    id: slug,
    order: index + 1,
    abbreviation: abbreviate(en),
    printIssn: random.next() < 0.5 ? issnOf(2_100_000 + index * 2) : undefined,
    eIssn: issnOf(2_100_001 + index * 2),
    categories: [...new Set([categoryIds.includes(field[2]) ? field[2] : categoryIds[0], ...random.some(categoryIds, random.int(0, 1))])],
    publicationFormat: random.pick(ref.publicationFormats).id,
    reviewType: random.pick(ref.reviewTypes).id,
    frequency,
    languages,
    startYear,
    indexes: random.some(ref.indexes, random.int(0, 4)).map((x) => x.id),
    metrics: random.some(ref.metricTypes, random.int(1, 3)).map((m) => ({ type: m.id, value: random.int(1, 400) / 10, year: LAST_YEAR })),
    openAccess,
    licence: openAccess ? "CC BY 4.0" : undefined,
    journalSystem: random.pick(ref.journalSystems).id,
    journalSystemUrl: systemUrl,
    contactEmail: `${code}@meridianpress.example`,
    en: {
      slug,
      title: en,
      description: `The *${en}* is a peer-reviewed journal that has published research in ${field[0].toLowerCase()} since ${startYear}. It appears ${frequency} and accepts manuscripts in ${languages.map((l) => (l === "en" ? "English" : "Turkish")).join(" and ")}.`,
      aimsScope: `## Aims\n\nThe journal publishes rigorous, transparent research in ${field[0].toLowerCase()}.\n\n## Scope\n\n${random
        .some(topics, 5)
        .map((t) => `- ${t[0]}`)
        .join("\n")}\n`,
    },
    tr: {
      slug: slugify(tr),
      title: tr,
      description: `*${tr}*, ${startYear} yılından bu yana ${lowerTr(field[1])} alanında araştırmalar yayımlayan hakemli bir dergidir.`,
      aimsScope: `## Amaç\n\nDergi, ${lowerTr(field[1])} alanında titiz ve şeffaf araştırmalar yayımlar.\n\n## Kapsam\n\n${random
        .some(topics, 5)
        .map((t) => `- ${t[1]}`)
        .join("\n")}\n`,
    },
  };

  const positions = [...ref.teamPositions].sort((a, b) => (a.order ?? 99) - (b.order ?? 99));
  const board: BoardFile = {
    members: Array.from({ length: BOARD_SIZE }, (_, i) => {
      const [affiliation, country] = random.pick(affiliations);
      return {
        honorific: random.pick(honorifics),
        name: personName(random),
        // One member in the first position (editor-in-chief), the rest spread over the others.
        position: positions[i === 0 ? 0 : 1 + Math.floor(((i - 1) * (positions.length - 1)) / (BOARD_SIZE - 1))].id,
        affiliation,
        country,
        orcid: orcidOf(random),
        order: i + 1,
      };
    }),
  };

  const issues: IssueFile[] = [];
  const articleIds = new Set<string>();
  for (let i = 0; i < issueCount; i++) {
    const volume = Math.floor(i / perYear) + 1;
    const number = (i % perYear) + 1;
    const year = startYear + volume - 1;
    const published = new Date(Date.UTC(year, Math.round((12 * number) / perYear) - 1, random.int(10, 28)));
    // Spread the articles evenly: the issues' sizes differ by at most one.
    const size = Math.floor(((i + 1) * articleCount) / issueCount) - Math.floor((i * articleCount) / issueCount);
    const special = random.next() < 0.06 ? random.pick(topics) : undefined;
    let page = 1;
    const issue: IssueFile = {
      id: `v${volume}-n${number}`,
      volume,
      number,
      year,
      publishedOn: isoDate(published),
      specialTitle: special && { en: `Special Issue: ${special[0]}`, tr: `Özel Sayı: ${special[1]}` },
      articles: Array.from({ length: size }, (_, position) => {
        const [a, b] = random.some(topics, 2);
        const setting = random.pick(settings);
        const approach = random.pick(approaches);
        const source = random.pick(sources);
        const sample = random.int(40, 2400);
        const titleEn = `${a[0]} and ${b[0]} in ${setting[0]}: ${approach[0]}`;
        let id = slugify(titleEn);
        for (let n = 2; articleIds.has(id); n++) id = `${slugify(titleEn)}-${n}`;
        articleIds.add(id);
        const first = page;
        page += random.int(8, 30);
        return {
          id,
          type: random.weighted(typeWeights),
          language: random.pick(languages),
          doi: `10.5555/${code}.${year}.${volume}.${number}.${position + 1}`,
          pages: `${first}-${page - 1}`,
          receivedOn: isoDate(daysBefore(published, random.int(120, 420))),
          acceptedOn: isoDate(daysBefore(published, random.int(14, 100))),
          publishedOn: isoDate(published),
          status: "published" as const,
          relations: [],
          versions: [],
          funding: [],
          authors: Array.from({ length: random.int(1, 4) }, (_, n) => {
            const [name, country] = random.pick(affiliations);
            return {
              given: random.pick(firstNames),
              family: random.pick(lastNames),
              orcid: random.next() < 0.8 ? orcidOf(random) : undefined,
              corresponding: n === 0,
              roles: [],
              affiliations: [{ name, country }],
            };
          }),
          en: {
            title: titleEn,
            abstract: `This study examines ${a[0].toLowerCase()} and its relation to ${b[0].toLowerCase()} in ${setting[0]}. Drawing on ${sample} ${source[0]}, it shows how local conditions shape outcomes that national figures conceal. The findings suggest that policies addressing ${a[0].toLowerCase()} should take ${b[0].toLowerCase()} into account, and point to questions for further research.`,
            keywords: [a[0].toLowerCase(), b[0].toLowerCase(), setting[0].replace(/^the /, ""), approach[0].replace(/^An? /, "").toLowerCase()],
          },
          tr: {
            title: `${setting[1]} Örneğinde ${a[1]} ve ${b[1]}: ${approach[1]}`,
            abstract: `Bu çalışma, ${setting[1]} örneğinde ${lowerTr(a[1])} ile ${lowerTr(b[1])} arasındaki ilişkiyi incelemektedir. ${sample} ${source[1]} üzerinden yürütülen analiz, ulusal verilerin gizlediği yerel koşulların sonuçları nasıl biçimlendirdiğini göstermektedir. Bulgular, ${lowerTr(a[1])} alanındaki politikaların ${lowerTr(b[1])} boyutunu da dikkate alması gerektiğine işaret etmektedir.`,
            keywords: [lowerTr(a[1]), lowerTr(b[1]), setting[1], lowerTr(approach[1].replace(/^Bir /, ""))],
          },
        };
      }),
    };
    issues.push(issue);
  }
  return { journal, board, issues, articleFiles: new Map() };
}

/** The content folder's catalogue with its journals replaced by `journals` generated ones. */
export async function generateCatalogue(options: { content: string; journals: number; articles: number; seed: number }): Promise<ContentBundle> {
  const base = await readContentFolder(options.content);
  const random = seededRandom(options.seed);
  const journals = Array.from({ length: options.journals }, (_, i) => {
    // The remainder goes to the first journals, so the total is exact.
    const count = Math.floor(options.articles / options.journals) + (i < options.articles % options.journals ? 1 : 0);
    return generateJournal(random, base.reference, i, count);
  });
  // The folder's calls for papers name its journals, which the generated ones replace: each is given one of them in turn.
  const calls = base.calls.map((call, i) => ({ ...call, journal: journals[i % journals.length].journal.id }));
  return { ...base, journals, calls };
}

/** Every generated file through its schema, as the importer's folder reader would. */
function validate(journals: JournalBundle[]) {
  for (const { journal, board, issues } of journals) {
    for (const [schema, value, what] of [
      [journalFile, journal, `journal ${journal.id}`],
      [boardFile, board, `board of ${journal.id}`],
      ...issues.map((issue) => [issueFile, issue, `issue ${journal.id}/${issue.id}`] as const),
    ] as const) {
      const result = schema.safeParse(value);
      if (!result.success) {
        const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
        throw new Error(`generated ${what} is invalid:\n${problems}`);
      }
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      journals: { type: "string", default: "200" },
      articles: { type: "string", default: "100000" },
      out: { type: "string", default: "data/large.db" },
      database: { type: "string" },
      content: { type: "string", default: process.env.CONTENT_DIR ?? "content/demo" },
      seed: { type: "string", default: "1" },
    },
  });
  const journals = Number(values.journals);
  const articles = Number(values.articles);
  if (!Number.isInteger(journals) || journals < 1 || !Number.isInteger(articles) || articles < journals) {
    throw new Error("--journals and --articles must be whole numbers, with at least one article per journal");
  }

  const started = performance.now();
  const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
  const bundle = await generateCatalogue({ content: values.content, journals, articles, seed: Number(values.seed) });
  const generated = performance.now();
  validate(bundle.journals);
  console.log(`generated ${journals} journals in ${seconds(started)}, validated in ${seconds(generated)}`);

  const target = values.database ?? values.out;
  if (!values.database) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(target + suffix, { force: true });
  }
  const { db, dialect } = openDatabase(target);
  try {
    const importing = performance.now();
    await migrateToLatest(db);
    let lockedMs = 0;
    const rows = await importContent(db, bundle, { onCommitted: (ms) => (lockedMs = ms), onWritten: progress("writing", "statements") });
    const issues = bundle.journals.reduce((n, j) => n + j.issues.length, 0);
    const total = bundle.journals.reduce((n, j) => n + j.issues.reduce((m, i) => m + i.articles.length, 0), 0);
    // A PostgreSQL URL is not printed: it may carry a password.
    console.log(
      `imported ${rows} rows into ${dialect === "postgres" ? "the PostgreSQL database" : target} in ${seconds(importing)}, the write lock held ${(lockedMs / 1000).toFixed(1)} s`,
    );
    console.log(`${bundle.journals.length} journals, ${issues} issues, ${total} articles, ${bundle.books.length} books; ${seconds(started)} in all`);
  } finally {
    await db.destroy();
  }
}

// Run as the command; imported (scripts/harvest-bench.ts), it only lends generateCatalogue.
if (import.meta.main) {
  main().catch((error: Error) => {
    console.error(`content:generate failed: ${error.message}`);
    process.exit(1);
  });
}
