/**
 * Whether a user agent is a robot, whose use is not counted (COUNTER Code of Practice 5.1, §7.8:
 * "any transaction with a user agent matching one on the list MUST NOT be included").
 *
 * The list is COUNTER's own, kept as data: `counter-robots.json` is `COUNTER_Robots_list.json` of
 * github.com/atmire/COUNTER-Robots (MIT, © COUNTER Online Metrics) at commit 87325c9 (2024-04-22),
 * copied unchanged; to update it, copy the newer file over it. Its patterns are regular expressions,
 * matched without regard to case, as the list's README asks. A user agent the list lets through but
 * `isbot` (the library the site's rendering already uses for crawlers) recognises is a robot too.
 */
import { isbot } from "isbot";
import list from "./counter-robots.json" with { type: "json" };

const counterRobots = new RegExp(list.map(({ pattern }) => `(?:${pattern})`).join("|"), "i");

/** Answers already given, by user agent (a few browsers' agents make most of the traffic). */
const known = new Map<string, boolean>();
const KNOWN_MAX = 2000;

export function isRobot(userAgent: string | undefined): boolean {
  const agent = userAgent ?? "";
  let robot = known.get(agent);
  if (robot === undefined) {
    robot = counterRobots.test(agent) || isbot(agent);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(agent, robot);
  }
  return robot;
}
