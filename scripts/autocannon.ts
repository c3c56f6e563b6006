/** autocannon (which ships no type declarations), typed for the part the benchmark and the soak use. */
// @ts-expect-error autocannon ships no type declarations; `Autocannon` below types the part used here.
import autocannonUntyped from "autocannon";

export interface AutocannonResult {
  requests: { average: number; sent: number };
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  warmup?: { connections: number; duration: number };
  /** Requests per second over all connections (no limit when left out). */
  overallRate?: number;
  requests?: { setupRequest: (request: { path: string }) => { path: string } }[];
}) => Promise<AutocannonResult>;

export const autocannon = autocannonUntyped as Autocannon;
