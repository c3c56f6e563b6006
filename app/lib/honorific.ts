import type { Messages, PageMessages } from "../../i18n/messages/index.ts";

type Rank = keyof Messages["board"]["ranks"];

/**
 * The academic ranks the content writes before a board member's name, in either language (the
 * demo and DergiPark write them the Turkish way), by the rank they stand for.
 */
const ranks: Record<string, Rank> = {
  "Prof. Dr.": "professor",
  "Doç. Dr.": "associateProfessor",
  "Assoc. Prof. Dr.": "associateProfessor",
  "Dr. Öğr. Üyesi": "assistantProfessor",
  "Asst. Prof. Dr.": "assistantProfessor",
  "Dr.": "doctor",
};

/**
 * A member's title as the page's language writes it ("Doç. Dr." is "Assoc. Prof. Dr." on an
 * English page); a title that is not a known rank is shown as written.
 * @example honorificIn("Dr. Öğr. Üyesi", en) // "Asst. Prof. Dr."
 */
export function honorificIn(honorific: string, t: PageMessages): string {
  const rank = ranks[honorific.replace(/\s+/g, " ").trim()];
  return rank ? t.board.ranks[rank] : honorific;
}
