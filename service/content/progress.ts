/**
 * Progress of a long command on standard error, at most one line every `everyMs`: how much is done,
 * the rate, and the time left at that rate. Standard output keeps only the command's result.
 * @example const written = progress("writing", "statements"); written(120, 2640); // "writing: 120 of 2 640 statements (5 %), 310/s, about 8 s left"
 */
export function progress(label: string, unit: string, { everyMs = 2000, write = (line: string): unknown => process.stderr.write(`${line}\n`) } = {}) {
  // The clock starts at the first report: what came before (reading, preparing) is not this work.
  let started: number | undefined;
  let shown = 0;
  const number = new Intl.NumberFormat("en");
  return (done: number, total: number) => {
    const now = performance.now();
    started ??= shown = now;
    if (now - shown < everyMs || done >= total) return;
    shown = now;
    const rate = done / ((now - started) / 1000);
    const left = Math.ceil((total - done) / rate);
    write(
      `${label}: ${number.format(done)} of ${number.format(total)} ${unit} (${Math.floor((done / total) * 100)} %), ${number.format(Math.round(rate))}/s, about ${left} s left`,
    );
  };
}
