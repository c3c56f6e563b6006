/**
 * `npm run edit`: the site with its content editor at http://127.0.0.1:3000/admin/, on the working
 * folder (CONTENT_DIR, content/demo by default) of this Git repository. No Git host and no account:
 * saves are checked, committed here with Git's own user (or EDITOR_NAME and EDITOR_EMAIL) and
 * imported, and the site shows them at once. Served on the loopback address only.
 */
process.env.EDIT_MODE = "1";
process.env.HOST ??= "127.0.0.1";
await import("../server/main.ts");

export {};
