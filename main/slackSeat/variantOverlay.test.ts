import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { overlayVariant } from './variantOverlay.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-overlay-'));
  dirs.push(d);
  return d;
}

/** An export folder of `days` daily files in each of two channels, plus users.json. */
function exportFolder(root: string, days: number): string {
  const dir = path.join(root, 'export');
  for (const channel of ['general', 'field-ops']) {
    fs.mkdirSync(path.join(dir, channel), { recursive: true });
    for (let d = 0; d < days; d++) fs.writeFileSync(path.join(dir, channel, `2024-01-${String(d).padStart(4, '0')}.json`), '[]');
  }
  fs.writeFileSync(path.join(dir, 'users.json'), '[{"id":"U1"}]');
  return dir;
}

describe('a CI query variant laid over the study export', () => {
  it('replaces files at the same path, adds new ones, keeps the rest, and is removed by its remover', async () => {
    const root = tmp();
    const source = exportFolder(root, 3);
    const variant = path.join(root, 'variant');
    fs.mkdirSync(path.join(variant, 'ci-alerts'), { recursive: true });
    fs.writeFileSync(path.join(variant, 'users.json'), '[{"id":"U2"}]');
    fs.writeFileSync(path.join(variant, 'ci-alerts', '2024-02-01.json'), '[{"text":"red"}]');
    const made = await overlayVariant(source, variant, path.join(root, 'overlay'));
    if (!made.ok) throw new Error(made.error.message);
    const at = (p: string) => fs.readFileSync(path.join(made.value.dir, p), 'utf8');
    expect(at('users.json')).toBe('[{"id":"U2"}]');
    expect(at('ci-alerts/2024-02-01.json')).toBe('[{"text":"red"}]');
    expect(at('general/2024-01-0002.json')).toBe('[]');
    // The study's own export is untouched.
    expect(fs.readFileSync(path.join(source, 'users.json'), 'utf8')).toBe('[{"id":"U1"}]');
    await made.value.remove();
    expect(fs.existsSync(made.value.dir)).toBe(false);
  });

  it('lets the host answer other requests while it copies (the event loop turns during the copy)', async () => {
    const root = tmp();
    const source = exportFolder(root, 100);
    const variant = path.join(root, 'variant');
    fs.mkdirSync(variant);
    let turns = 0;
    let copying = true;
    const spin = () => {
      if (!copying) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    const made = await overlayVariant(source, variant, path.join(root, 'overlay'));
    copying = false;
    expect(made.ok).toBe(true);
    // A synchronous copy of 201 files let no turn happen before it returned.
    expect(turns).toBeGreaterThan(10);
  });

  it('stops copying once its import is cancelled', async () => {
    const root = tmp();
    const source = exportFolder(root, 100);
    const variant = path.join(root, 'variant');
    fs.mkdirSync(variant);
    const made = await overlayVariant(source, variant, path.join(root, 'overlay'), AbortSignal.abort());
    if (!made.ok) throw new Error(made.error.message);
    expect(fs.existsSync(path.join(made.value.dir, 'users.json'))).toBe(false);
  });

  it('names the variant folder that is missing', async () => {
    const root = tmp();
    const made = await overlayVariant(exportFolder(root, 1), path.join(root, 'nope'), path.join(root, 'overlay'));
    expect(made.ok).toBe(false);
    if (!made.ok) expect(made.error.message).toContain(path.join(root, 'nope'));
  });
});
