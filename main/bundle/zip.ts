import yazl from 'yazl';

/** A zip of the given files in the given order (deflated, fixed dates so the same files make the same bytes). */
export function zipFiles(files: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2000-01-01T00:00:00Z');
  for (const [name, content] of files) zip.addBuffer(content, name, { mtime, mode: 0o644 });
  zip.end();
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
