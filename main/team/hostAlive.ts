import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic, writeFileAtomicAsync } from '../files/atomicWrite.js';

/** How often the app says it is alive: a crash loses at most this much of a participant's time on task. */
export const ALIVE_STAMP_MS = 5_000;
const KEPT = 20;
const FILE = 'alive.json';

const spanSchema = z.object({ started: z.string(), aliveUntil: z.string() });
const fileSchema = z.object({ processes: z.array(spanSchema) });
type Span = z.infer<typeof spanSchema>;

/**
 * The app's periodic "still alive" stamp, kept per process in `<data dir>/alive.json` (the last 20 processes), so a
 * run interrupted by a crash can count the participant's time up to the crashed process's last stamp instead of
 * only up to the run's last event (labqa). Never read for anything else; a missing or broken file only means no
 * time is recovered.
 */
export class HostAlive {
  private readonly file: string;
  private readonly earlier: Span[];
  private readonly started: string;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    dataDir: string,
    private readonly now: () => Date,
  ) {
    this.file = path.join(dataDir, FILE);
    this.earlier = readSpans(this.file);
    this.started = now().toISOString();
  }

  /**
   * Stamps now and every `everyMs` until stopped; stopping stamps once more (a clean close is known to the ms). The
   * returned stop resolves once that last stamp is on disk.
   */
  start(everyMs = ALIVE_STAMP_MS): () => Promise<void> {
    this.stamp();
    // The periodic stamps sync off the event loop (one at a time); the first and the last are written at once.
    let writing: Promise<void> | null = null;
    this.timer = setInterval(() => {
      if (writing) return;
      writing = writeFileAtomicAsync(this.file, this.content())
        .catch(() => undefined)
        .finally(() => (writing = null));
    }, everyMs);
    this.timer.unref();
    return () => {
      clearInterval(this.timer);
      // A periodic stamp still on its way to the disk would be renamed over the last one and take its time back
      // (and would write into a data dir its caller removes once the app has closed): it lands first.
      if (writing) return writing.then(() => this.stamp());
      this.stamp();
      return Promise.resolve();
    };
  }

  private content(): string {
    const processes = [...this.earlier.slice(-(KEPT - 1)), { started: this.started, aliveUntil: this.now().toISOString() }];
    return JSON.stringify({ processes });
  }

  stamp(): void {
    try {
      writeFileAtomic(this.file, this.content());
    } catch {
      // A full or read-only disk costs only the recovered time after a crash; the event log reports its own failures.
    }
  }

  /**
   * When the earlier process that was running at `wall` (an event it wrote) was last known alive, if that is after
   * `wall`; null when unknown (the event came after its last stamp, or the file does not reach back that far).
   */
  aliveAfter(wall: string): string | null {
    const t = Date.parse(wall);
    const writer = this.earlier.filter((p) => Date.parse(p.started) <= t).at(-1);
    return writer && Date.parse(writer.aliveUntil) > t ? writer.aliveUntil : null;
  }
}

function readSpans(file: string): Span[] {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data.processes : [];
  } catch {
    return [];
  }
}
