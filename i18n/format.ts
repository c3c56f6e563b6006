/**
 * Fills `{name}` placeholders of a message.
 * @example format("Page not found: {path}", { path: "/x" }) // "Page not found: /x"
 */
export function format(message: string, values: Record<string, string | number> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
