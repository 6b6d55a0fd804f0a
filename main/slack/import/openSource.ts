import fs from 'node:fs';
import { openFolderSource } from './folderSource.js';
import type { ExportSource } from './source.js';
import { openZipSource } from './zipSource.js';

export async function openExportSource(location: string): Promise<ExportSource> {
  const stat = await fs.promises.stat(location);
  return stat.isDirectory() ? openFolderSource(location) : openZipSource(location);
}
