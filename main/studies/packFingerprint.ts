import fs from 'node:fs';
import path from 'node:path';

/**
 * A cheap fingerprint of every file under a pack folder (path, size, modification time), so the library can keep a
 * pack's check until something in the folder changes: fully loading team tasks takes tens of milliseconds each, and
 * the library is listed on every screen that shows studies.
 */
export function packFingerprint(dir: string): string {
  const parts: string[] = [];
  const walk = (at: string, rel: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of entries) {
      const full = path.join(at, d.name);
      const name = rel === '' ? d.name : `${rel}/${d.name}`;
      if (d.isDirectory()) walk(full, name);
      else {
        try {
          const st = fs.statSync(full);
          parts.push(`${name}:${st.size}:${st.mtimeMs}`);
        } catch {
          parts.push(`${name}:gone`);
        }
      }
    }
  };
  walk(dir, '');
  return parts.sort().join('\n');
}

/** The fingerprint of just these entries (files or folders, not descended): for a Slack pack, whose export folder
 * holds hundreds of files the check never reads (it reads study.yaml and the queries, and looks the folders up). */
export function entriesFingerprint(dir: string, entries: string[]): string {
  return entries
    .map((rel) => {
      try {
        const st = fs.statSync(path.join(dir, rel));
        return `${rel}:${st.size}:${st.mtimeMs}`;
      } catch {
        return `${rel}:gone`;
      }
    })
    .join('\n');
}
