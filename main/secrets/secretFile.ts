import fs from 'node:fs';
import path from 'node:path';

/** A small JSON map of name → stored string, written atomically and readable only by its owner (mode 0600). */
export class SecretFile {
  constructor(
    readonly file: string,
    private readonly header: string,
  ) {}

  read(): Record<string, string> {
    let raw: string;
    try {
      raw = fs.readFileSync(this.file, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed = JSON.parse(raw) as { secrets?: unknown };
      const secrets = parsed.secrets;
      if (!secrets || typeof secrets !== 'object') return {};
      return Object.fromEntries(Object.entries(secrets).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      // A damaged file is treated as empty; the next write replaces it. Its content is never echoed.
      return {};
    }
  }

  write(secrets: Record<string, string>): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    if (Object.keys(secrets).length === 0) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const tmp = `${this.file}.${process.pid}.tmp`;
    // The mode is given at creation so the secret is never readable by others, not even for a moment.
    fs.writeFileSync(tmp, `${JSON.stringify({ note: this.header, secrets }, null, 2)}\n`, { mode: 0o600 });
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, this.file);
  }
}
