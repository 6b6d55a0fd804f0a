import fs from 'node:fs';

/**
 * For end-to-end tests only (`TEAMSEAT_TEST_CLOCK_FILE`): the wall clock runs ahead of the real one by the number of
 * milliseconds written in the file, so a test moves an enrolled visit past its abandonment window without waiting.
 * The file is read again only when it changes; a missing or unreadable file means no offset.
 */
export function offsetClock(file: string): () => Date {
  let seen = -1;
  let offset = 0;
  return () => {
    try {
      const mtime = fs.statSync(file).mtimeMs;
      if (mtime !== seen) {
        seen = mtime;
        const value = Number(fs.readFileSync(file, 'utf8').trim());
        offset = Number.isFinite(value) ? value : 0;
      }
    } catch {
      offset = 0;
    }
    return new Date(Date.now() + offset);
  };
}
