import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { businessFactsSchema } from '../../lib/business-facts.ts';
import { SERVER_DATA_FILE, SERVER_PAGE_ROLES, type ServerData, type ServerPageRole } from '../../lib/server-data.ts';

const text = z.string().min(1);
const urlPath = z.string().startsWith('/');

// Checked once at start: a build from another version of the code fails here, in one sentence, not mid-request.
const serverDataSchema = z.object({
  facts: z.object({
    name: text,
    url: z.url(),
    phone: text,
    emergencyPhone: text,
    email: text,
    address: z.object({ street: text, city: text, region: text, zip: z.string().regex(/^\d{5}$/), country: text }),
    serviceArea: text,
    radiusMiles: z.number().positive(),
    timeZone: z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
    foundedYear: z.number().int(),
    requestCall: z.string().min(1).nullish(),
  }),
  leadServices: z.array(text).min(1),
  galleryChoices: z.object({
    services: z.array(z.object({ slug: text, name: text })),
    locations: z.array(z.object({ slug: text, name: text })),
    pages: z.array(z.object({ page: text, name: text })).default([]),
  }),
  pages: z.object(Object.fromEntries(SERVER_PAGE_ROLES.map((role) => [role, urlPath])) as Record<ServerPageRole, typeof urlPath>),
  settingsScripts: z.object({ tagManager: urlPath, siteNotice: urlPath }),
  // Inlined in a <style>: our own minified CSS, which never closes the element early.
  settingsStyles: z.object({
    siteNotice: z
      .string()
      .min(1)
      .refine((css) => !/<\/style/i.test(css)),
  }),
  placeholders: z.array(z.object({ field: text, value: z.string(), why: text })),
  curatedReviews: z.object({
    sample: z.boolean(),
    source: z.string(),
    reviews: z.array(
      z.object({ author: text, authorUrl: z.string().optional(), rating: z.number(), text: z.string(), date: z.string() }),
    ),
  }),
  business: businessFactsSchema,
  articles: z.object({
    entries: z.array(z.object({ slug: text, data: z.record(z.string(), z.unknown()), body: z.string(), owner: z.boolean() })),
    choices: z.object({
      sources: z.array(z.object({ id: text, label: text })),
      images: z.array(text),
      imageUrls: z.record(z.string(), urlPath),
      figures: z.record(z.string(), z.object({ text: z.string(), basis: z.string() })),
      tokens: z.record(z.string(), z.string()),
    }),
  }),
  contentStamp: z.string().nullable(),
}) satisfies z.ZodType<ServerData>;

/**
 * Reads and checks what the build wrote for the server (`dist/_server.json`).
 * @throws with one sentence naming the file when it is missing or out of shape.
 */
export async function readServerData(distDir: string): Promise<ServerData> {
  const file = path.join(distDir, SERVER_DATA_FILE);
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${file} is missing: it is written by the build, so run \`npm run build\` first.`);
    }
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); run \`npm run build\` again.`);
  }
  const result = serverDataSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `[${issue.path.join('.')}] ${issue.message}`).join('; ');
    throw new Error(`${file} does not match this version of the server (${problems}); run \`npm run build\` again.`);
  }
  return result.data;
}
