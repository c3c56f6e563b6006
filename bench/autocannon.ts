/** autocannon (which ships no type declarations), typed for the part the benchmark and the soak use. */
// @ts-expect-error autocannon ships no type declarations; `Autocannon` below types the part used here.
import autocannonUntyped from "autocannon";

export interface AutocannonResult {
  /** Per second on average; answered (`total`) and sent in all. */
  requests: { average: number; total: number; sent: number };
  /** Of 2xx answers only (autocannon leaves the others out). */
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers with a 2xx status, and the run's length in seconds (the warm-up not included). */
  "2xx": number;
  duration: number;
  /** Answers by status code, e.g. `{ "200": { count: 5210 } }`. */
  statusCodeStats: Record<string, { count: number }>;
}
/** One request of the sequence each connection sends, in turn. */
export interface AutocannonRequest {
  /** Changes the request before it is sent (a path of its own, for instance). */
  setupRequest?: (request: { path: string }) => { path: string };
  /** Sees each answer: its status, its body and its headers (names as sent; a repeated one's values in an array). */
  onResponse?: (status: number, body: string, context: object, headers: Record<string, string | string[]>) => void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  warmup?: { connections: number; duration: number };
  /** Requests per second over all connections (no limit when left out). */
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

export const autocannon = autocannonUntyped as Autocannon;
