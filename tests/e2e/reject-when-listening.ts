/**
 * Preloaded into a server by a test (NODE_OPTIONS=--import): once the server listens, a promise
 * that nobody awaits fails, as a forgotten `await` in the site's code would.
 */
import { Server } from "node:http";

const listen = Server.prototype.listen;
Server.prototype.listen = function (this: Server, ...args: unknown[]) {
  this.once("listening", () => setTimeout(() => Promise.reject(new Error("a promise nobody awaited failed")), 50));
  return listen.apply(this, args as Parameters<Server["listen"]>);
} as Server["listen"];
