import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/atomicWrite.js';

/**
 * Which recruitment-platform id enrolled as which participant: `<data dir>/enrolment.json` (mode 0600, written
 * atomically). A platform id is personal data that links a person to their platform account, so it is kept here
 * only: never in the study log (bundles carry every session's log), result paths, exports or bundles. Participant
 * ids are the study's opaque ones; an erasure removes the participant's entry with everything else.
 *
 * Written before the study log records the participant: a crash in between leaves an entry naming a participant
 * the log does not know, which the next visit of that id treats as new (and the entry is replaced).
 */
const fileSchema = z.object({
  version: z.literal(1),
  /** study key → platform id → participant id. */
  studies: z.record(z.string(), z.record(z.string(), z.string().regex(/^[a-f0-9]{24}$/))),
  /** The key of `erased`'s hashes: random, made at the first erasure, never leaves this file. */
  salt: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  /**
   * study key → the salted hashes (HMAC-SHA256) of the platform ids whose data was erased on withdrawn consent: no id
   * can be read back from them, yet the same id coming back to the study link is recognised and refused.
   */
  erased: z.record(z.string(), z.array(z.string().regex(/^[a-f0-9]{64}$/))).optional(),
});
type EnrolmentFile = z.infer<typeof fileSchema>;

export const ENROLMENT_FILE = 'enrolment.json';

export class EnrolmentMap {
  private content: EnrolmentFile | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly notice: (message: string) => void = () => {},
  ) {}

  private get file(): string {
    return path.join(this.dataDir, ENROLMENT_FILE);
  }

  private read(): EnrolmentFile {
    if (this.content) return this.content;
    let raw: string | undefined;
    try {
      raw = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let parsed: EnrolmentFile | undefined;
    if (raw !== undefined) {
      try {
        parsed = fileSchema.parse(JSON.parse(raw));
      } catch (err) {
        // Kept aside, never deleted: the researcher may need it to answer a platform's query about a submission.
        const aside = `${this.file}.invalid-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        fs.renameSync(this.file, aside);
        this.notice(`${this.file} could not be read (${(err as Error).message.split('\n')[0]}); it was moved to ${aside}. Returning visitors enrolled before are treated as new.`);
      }
    }
    this.content = parsed ?? { version: 1, studies: {} };
    return this.content;
  }

  /** This study's platform id → participant id. */
  visits(studyKey: string): Map<string, string> {
    return new Map(Object.entries(this.read().studies[studyKey] ?? {}));
  }

  set(studyKey: string, platformId: string, participantId: string): void {
    const current = this.read();
    const next: EnrolmentFile = { ...current, studies: { ...current.studies, [studyKey]: { ...current.studies[studyKey], [platformId]: participantId } } };
    this.write(next);
  }

  /**
   * Drops every entry naming the participant (an erasure) and keeps only a salted hash of its platform id, so the
   * person is not enrolled again without a word (isErased); how many entries went.
   */
  forget(participantId: string): number {
    const current = this.read();
    const salt = current.salt ?? crypto.randomBytes(32).toString('hex');
    const erased: Record<string, string[]> = { ...current.erased };
    let removed = 0;
    const studies = Object.fromEntries(
      Object.entries(current.studies).map(([key, visits]) => [
        key,
        Object.fromEntries(
          Object.entries(visits).filter(([platformId, id]) => {
            if (id !== participantId) return true;
            removed++;
            const hash = saltedHash(salt, key, platformId);
            if (!erased[key]?.includes(hash)) erased[key] = [...(erased[key] ?? []), hash];
            return false;
          }),
        ),
      ]),
    );
    if (removed > 0) this.write({ ...current, studies, salt, erased });
    return removed;
  }

  /** Whether this platform id's data in this study was erased (its consent withdrawn). */
  isErased(studyKey: string, platformId: string): boolean {
    const { salt, erased } = this.read();
    if (salt === undefined) return false;
    return erased?.[studyKey]?.includes(saltedHash(salt, studyKey, platformId)) ?? false;
  }

  private write(next: EnrolmentFile): void {
    writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    this.content = next;
  }
}

/** One study's platform id under the file's salt: the same id in another study hashes differently. */
const saltedHash = (salt: string, studyKey: string, platformId: string): string =>
  crypto.createHmac('sha256', Buffer.from(salt, 'hex')).update(`${studyKey}\n${platformId}`).digest('hex');
