/**
 * When links prefetch (spec §7): as they become visible, except on a connection whose owner asked
 * to save data or that is too slow (2g, slow-2g) for speculative downloads to pay off.
 */

/** The part of the Network Information API (`navigator.connection`, Chromium only) read here. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(["slow-2g", "2g"]);

export function prefetchMode(connection: ConnectionInfo | undefined): "viewport" | "none" {
  if (connection?.saveData) return "none";
  if (connection?.effectiveType && SLOW_CONNECTIONS.has(connection.effectiveType)) return "none";
  return "viewport";
}
