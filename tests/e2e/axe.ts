import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** `npm run test:axe` (AXE_SWEEP=full): every screen, state and panel in every pairing, where CI takes one each. */
export const fullSweep = process.env.AXE_SWEEP === "full";

/**
 * axe's violations on the page, or on the part `include` selects, a line each naming the rule, its
 * impact and where. Only violations are gathered (`resultTypes`), which shortens a run by a fifth.
 * `seriousOnly` keeps the serious and critical ones.
 *
 * Legacy mode runs `axe.run` in the page itself, instead of `axe.runPartial` in each frame and
 * `axe.finishRun` in a blank page the builder opens: half the time (0.8 s against 1.65 s on a
 * journal's page here). What it gives up is testing cross-origin frames; the site has no frames.
 */
export async function axeViolations(page: Page, { include, seriousOnly = false }: { include?: string; seriousOnly?: boolean } = {}) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  return (await builder.analyze()).violations
    .filter((v) => !seriousOnly || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
