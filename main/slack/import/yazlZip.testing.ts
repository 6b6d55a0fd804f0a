import fs from 'node:fs';
import yazl from 'yazl';

/** Writes a real zip with yazl (names flagged UTF-8, deflated data); resolves once the file is complete. */
export function writeZip(file: string, entries: Record<string, string | Buffer>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  }
  zip.end();
  return new Promise((resolve, reject) => {
    zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve).on('error', reject);
  });
}
