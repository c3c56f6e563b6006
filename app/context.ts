/** Values the server hands every loader. The key is exported by entry.server so the server uses this very object. */
import { createContext } from "react-router";
import type { ApiClient } from "./lib/api-client.server.ts";

export const apiContext = createContext<ApiClient>();
