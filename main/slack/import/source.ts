/** One file inside an export, named with forward slashes relative to the export's root. */
export interface ExportEntry {
  name: string;
  /** Uncompressed size as declared by the zip directory or the file system. */
  declaredSize: number;
}

export type ReadOutcome = { ok: true; text: string } | { ok: false; reason: string };

/** An export read entry by entry: a zip file or an unpacked folder. Only one entry is held in memory at a time. */
export interface ExportSource {
  entries: ExportEntry[];
  /** Reads one entry as UTF-8, refusing it when its declared or actual size passes maxBytes. */
  read(entry: ExportEntry, maxBytes: number): Promise<ReadOutcome>;
  close(): void;
}

export function tooLarge(size: number, maxBytes: number): string {
  return `its uncompressed size passes the limit (${size} > ${maxBytes} bytes); skipped as a possible zip bomb`;
}
