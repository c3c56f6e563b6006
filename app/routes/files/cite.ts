/** A work's reference as a file (`cite-book`, `cite-article`): app/lib/citations/download.server.ts. */
import { citationFile } from "../../lib/citations/download.server.ts";
import { resourceLoader } from "../../lib/resource.server.ts";

export const loader = resourceLoader(({ api, origin, path, params }) => citationFile(api, origin, path, params));
