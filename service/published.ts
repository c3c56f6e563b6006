/**
 * A work dated in the future is not published yet: every query of articles and issues keeps only
 * those dated today or earlier, today being the publisher's (Istanbul's) calendar day, read at
 * query time, so a work appears on its date without an import or a restart.
 */
const istanbulDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Istanbul", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date in Istanbul, as dates are stored (YYYY-MM-DD). */
export const today = (): string => istanbulDay.format(new Date());
