/**
 * A small page for a request answered without React rendering anything: one the server refuses
 * before the router (a post too large, a method pages do not take, an unknown host), or a file
 * (a sitemap, a reference download) whose content could not be read.
 */
import type { Locale } from "../i18n/locales.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page: `message` as its title and heading, and a link `back`. */
export const problemPage = (locale: Locale, message: string, back: string, backLabel: string) =>
  `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${message}</title><main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">${message}</h1><p><a href="${escapeHtml(back)}">${backLabel}</a></p></main></html>`;
