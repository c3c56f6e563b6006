/** The little of citation-js's API the citation modules use (the packages ship no types). */
declare module "@citation-js/core" {
  interface Register<T> {
    add(name: string, value: T): void;
    has(name: string): boolean;
  }
  export class Cite {
    constructor(data: unknown);
    data: Record<string, unknown>[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: {
      get(name: "@csl"): { styles: Register<string>; locales: Register<string> };
      get(name: "@bibtex"): { format: { asciiOnly: boolean } };
    };
  };
}
