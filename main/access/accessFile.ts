import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { linkScopeSchema } from '../../shared/contract/access.js';
import { writeFileAtomic } from '../files/atomicWrite.js';

/**
 * What must survive a host restart so an old link keeps working, in one file `<data dir>/access.json`, mode 0600,
 * written atomically (temp + fsync + rename).
 *
 * Why a file and not the database: the experimenter token must be readable before the database opens (a damaged
 * database still needs the experimenter's screen to fix it), and "start a fresh database" must not log every link
 * out. What it holds:
 * - `secret`: the experimenter token itself (the browser host prints it in its link, so it is kept as is; the file
 *   is as private as the database next to it).
 * - `links`: one entry per participant or rater link: a random id and the scope it grants. The link's capability
 *   is `<id>.<HMAC(secret, id)>`: the capability itself is never stored, only derivable by the secret's holder,
 *   so the experimenter can show the same link again and a copy of the links table alone grants nothing.
 * - `pin`: the kiosk PIN, as a scrypt hash with its salt and cost (never the PIN).
 * - `lock_clears`: each time the experimenter cleared a link's wrong-PIN lock (which link, when, how many wrong PINs),
 *   so a guessing participant leaves a record even after the lock is gone.
 */
export const pinHashSchema = z.object({
  salt: z.string(),
  hash: z.string(),
  N: z.number().int(),
  r: z.number().int(),
  p: z.number().int(),
});
export type PinHash = z.infer<typeof pinHashSchema>;

export const linkEntrySchema = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/), scope: linkScopeSchema, createdAt: z.string() });
export type LinkEntry = z.infer<typeof linkEntrySchema>;

export const accessFileSchema = z.object({
  version: z.literal(1),
  secret: z.string().min(32),
  links: z.array(linkEntrySchema),
  pin: pinHashSchema.nullable(),
  lock_clears: z
    .array(z.object({ link: z.string(), at: z.string(), failures: z.number().int().min(0) }))
    .default([]),
});
export type AccessFileContent = z.infer<typeof accessFileSchema>;

export const ACCESS_FILE = 'access.json';

/**
 * Reads the file, or creates it with a fresh secret. A file that does not parse is moved aside (kept, never
 * deleted) and a new one is started, so a damaged file costs the old links, never the app.
 */
export function loadAccessFile(dataDir: string, notice: (message: string) => void): AccessFileContent {
  const file = path.join(dataDir, ACCESS_FILE);
  let raw: string | undefined;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (raw !== undefined) {
    let parsed: z.ZodSafeParseResult<AccessFileContent> | undefined;
    try {
      parsed = accessFileSchema.safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (parsed?.success) return parsed.data;
    const aside = `${file}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, aside);
    const why = parsed ? `${parsed.error.issues[0]?.path.join('.') || 'file'}: ${parsed.error.issues[0]?.message}` : 'not JSON';
    notice(`${file} could not be read (${why}); it was moved to ${aside} and earlier participant links no longer work.`);
  }
  const fresh: AccessFileContent = { version: 1, secret: crypto.randomBytes(24).toString('base64url'), links: [], pin: null, lock_clears: [] };
  saveAccessFile(dataDir, fresh);
  return fresh;
}

export function saveAccessFile(dataDir: string, content: AccessFileContent): void {
  // 0600 from creation: the secret every link is derived from is never readable by others, not even for a moment.
  writeFileAtomic(path.join(dataDir, ACCESS_FILE), `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
}
