/**
 * Where the content editor's Decap CMS is: its prebuilt bundle only (`dist/` of the npm package
 * decap-cms, at the version and integrity below), which scripts/editor-bundle.ts fetches into
 * `.cache/` (docs/decisions/046-editor-bundle.md). Decap's package brings some 560 packages, several
 * of which ask for React 16 to 18; the editor serves none of them but this folder.
 */
import path from "node:path";

export const DECAP = {
  version: "3.16.3",
  integrity: "sha512-hf+dPlCh7TJmWl8+6VRzHYOWhri5xgUknrZbDewaWe4s9B7xJ8PQugp2QHeSldMUKzav6+z0oIpwUYhUJDYtYw==",
};

/** The bundle's folder (decap-cms.js and the chunks it loads). */
export const decapDist = path.resolve(import.meta.dirname, "..", "..", ".cache", `decap-cms-${DECAP.version}`, "dist");
