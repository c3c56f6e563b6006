/** Where an article's page sends its beacon when the server counts pages that way (USAGE_BEACON): its path, as text. */
export const BEACON_PATH = "/_usage";
