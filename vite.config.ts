import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildIdentity } from "./scripts/build-identity.ts";
import { routeModuleErrors } from "./scripts/route-module-errors.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildIdentity(), routeModuleErrors()],
});
