/**
 * The server's configuration, read once from the environment and validated; a bad value stops
 * the start with a message that names the variable. Every variable is listed in the README.
 */
import { z } from "zod";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// URL")
    .optional(),
  SQLITE_FILE: z.string().default("data/content.db"),
  CONTENT_DIR: z.string().default("content/demo"),
  API_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  ROOT_REDIRECT: z
    .string()
    .refine((v) => v.startsWith("/") || /^https?:\/\//.test(v), "a path starting with / or an http(s) URL")
    .optional(),
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .refine((v) => [301, 302, 303, 307, 308].includes(v), "one of 301, 302, 303, 307, 308")
    .default(302),
  SOCIAL_FACEBOOK_URL: z.url({ protocol: /^https$/ }).default("https://www.facebook.com/meridianpress"),
  SOCIAL_INSTAGRAM_URL: z.url({ protocol: /^https$/ }).default("https://www.instagram.com/meridianpress"),
  SOCIAL_X_URL: z.url({ protocol: /^https$/ }).default("https://x.com/meridianpress"),
  SOCIAL_LINKEDIN_URL: z.url({ protocol: /^https$/ }).default("https://www.linkedin.com/company/meridianpress"),
  SOCIAL_YOUTUBE_URL: z.url({ protocol: /^https$/ }).default("https://www.youtube.com/@meridianpress"),
  LIBRARY_URL: z.url({ protocol: /^https?$/ }).default("https://library.meridianpress.example"),
  ICON_API_URL: optionalUrl,
  IMAGE_HOST: z.url({ protocol: /^https?$/ }).optional(),
  IMAGE_DIR: z.string().default("content/demo/images"),
  I18N_NO_CACHE_LOCALES: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
});

export type Config = z.infer<typeof schema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid configuration:\n${problems}`);
  }
  return result.data;
}
