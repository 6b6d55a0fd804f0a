import { isUtf8 } from 'node:buffer';
import yauzl from 'yauzl';
import type { Entry } from 'yauzl';

const UTF8_FLAG = 0x0800;

/**
 * An entry's name as the person who zipped it wrote it. Info-ZIP's `zip -r` (Linux, macOS) stores the file system's
 * UTF-8 bytes without setting the UTF-8 flag, so a name whose bytes are valid UTF-8 is read as UTF-8; only other
 * names fall back to CP437 (old Windows zips). A Unicode Path extra field, when present and current, wins.
 * Backslashes become slashes; an absolute or `..` name is refused, as yauzl's own decoding would.
 */
export function entryName(entry: Pick<Entry, 'generalPurposeBitFlag' | 'extraFields' | 'fileNameRaw'>): string {
  const raw = entry.fileNameRaw;
  const flag = isUtf8(raw) ? entry.generalPurposeBitFlag | UTF8_FLAG : entry.generalPurposeBitFlag;
  const name = yauzl.getFileNameLowLevel(flag, raw, entry.extraFields, false);
  const problem = yauzl.validateFileName(name);
  if (problem !== null) throw new Error(`the archive holds an entry with an unsafe name (${problem})`);
  return name;
}
