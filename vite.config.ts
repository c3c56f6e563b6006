import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { buildIdentity } from "./scripts/build-identity.ts";
import { clientChunks } from "./scripts/client-chunks.ts";
import { clientMessages } from "./scripts/client-messages.ts";
import { fonts } from "./scripts/fonts.ts";
import { routeModuleErrors } from "./scripts/route-module-errors.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), buildIdentity(), routeModuleErrors(), clientChunks(), clientMessages(), fonts()],
});
