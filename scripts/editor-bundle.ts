/**
 * Fetches the content editor's Decap CMS bundle (service/editor/bundle.ts) when it is not there yet:
 * the package's tarball at its exact version from the npm registry (`npm pack`, through npm's own
 * cache and registry settings), checked against the pinned integrity, and only its `dist/` kept.
 * Run by scripts/setup.sh (npm start, npm test) and by the Docker image.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DECAP, decapDist } from "../service/editor/bundle.ts";

if (!existsSync(path.join(decapDist, "decap-cms.js"))) {
  const work = mkdtempSync(path.join(tmpdir(), "decap-cms-"));
  try {
    execFileSync("npm", ["pack", `decap-cms@${DECAP.version}`, "--pack-destination", work, "--silent"], { stdio: ["ignore", "ignore", "inherit"] });
    const tarball = path.join(work, `decap-cms-${DECAP.version}.tgz`);
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
    if (integrity !== DECAP.integrity)
      throw new Error(`decap-cms ${DECAP.version}: the tarball's integrity is ${integrity}, not the pinned ${DECAP.integrity}`);
    // Its source maps (54 of its 66 MB) are for debugging Decap itself: not kept.
    execFileSync("tar", ["-xzf", tarball, "-C", work, "--exclude=*.map", "package/dist"]);
    // Whole or not at all: the folder appears only once everything is in it.
    mkdirSync(path.dirname(decapDist), { recursive: true });
    rmSync(decapDist, { recursive: true, force: true });
    renameSync(path.join(work, "package", "dist"), decapDist);
    console.log(`content editor: Decap CMS ${DECAP.version} in ${path.relative(process.cwd(), decapDist)}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
