import type { JournalDetail } from "../../contract/api-types.ts";
import type { Locale } from "../../i18n/locales.ts";
import { formatNumber, formatPercent } from "./formatting.ts";

/** The metric types (content/…/reference.yaml) whose value is a percentage: the content writes 17 for 17 %. */
const percentages = new Set(["acceptance-rate"]);

/**
 * A journal metric's value with its unit, as the locale writes it ("17%" / "%17", "2.4" / "2,4").
 * @example metricValue({ type: { id: "acceptance-rate", title: "" }, value: 17, year: 2024 }, "tr") // "%17"
 */
export const metricValue = ({ type, value }: JournalDetail["metrics"][number], locale: Locale) =>
  percentages.has(type.id) ? formatPercent(value, locale) : formatNumber(value, locale);
