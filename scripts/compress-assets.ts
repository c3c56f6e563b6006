/**
 * `npm run build`'s last step: every compressible file of the client build (scripts, styles, SVG,
 * JSON, the build's identity files) of 1 kB or more gets its Brotli (highest quality) and gzip
 * (level 9) forms beside it (`file.js.br`, `file.js.gz`), made once here rather than for every
 * visitor; the server holds them in memory and sends the one the request accepts (server/build-files.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = path.resolve(import.meta.dirname, "../build/client");
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  files++;
  before += statSync(file).size;
  after += brotli.length;
}
console.log(`compressed ${files} files: ${Math.round(before / 1024)} kB, ${Math.round(after / 1024)} kB as Brotli`);
