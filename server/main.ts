/**
 * `npm start` (and `npm run dev`). React and React Router choose their development or production
 * build from NODE_ENV when they are first loaded, so it is settled here, before anything imports them.
 */
process.env.NODE_ENV ??= "production";
await import("./start.ts");

export {};
