import fs from 'node:fs';
import path from 'node:path';
import type { ExportEntry, ExportSource } from './source.js';
import { tooLarge } from './source.js';

/** An unpacked export: walks the folder once for names and sizes; symlinks are not followed out of it. */
export async function openFolderSource(root: string): Promise<ExportSource> {
  const entries: ExportEntry[] = [];
  const walk = async (dir: string, prefix: string) => {
    for (const d of await fs.promises.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, d.name);
      const name = prefix + d.name;
      if (d.isDirectory()) await walk(full, `${name}/`);
      else if (d.isFile()) entries.push({ name, declaredSize: (await fs.promises.stat(full)).size });
    }
  };
  await walk(root, '');
  return {
    entries,
    read: async (entry, maxBytes) => {
      const full = path.join(root, ...entry.name.split('/'));
      try {
        const size = (await fs.promises.stat(full)).size;
        if (size > maxBytes) return { ok: false, reason: tooLarge(size, maxBytes) };
        return { ok: true, text: await fs.promises.readFile(full, 'utf8') };
      } catch (error) {
        return { ok: false, reason: `it could not be read: ${(error as Error).message}` };
      }
    },
    close: () => undefined,
  };
}
