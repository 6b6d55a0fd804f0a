import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readYamlFile } from './readYaml.js';
import { loadTaskFile } from '../team/pack/loadTask.js';

// Found by `npm run torture`'s pack fuzzer: yaml throws from toJS() on these, and the exception escaped the loaders.
const UNRESOLVED = 'id: t\ntitle: *missing\n';
const LAUGHS =
  'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n' +
  'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(text: string): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-yaml-alias-'));
  const file = path.join(dir, 'task.yaml');
  fs.writeFileSync(file, text);
  return file;
}

describe('YAML aliases that cannot be expanded', () => {
  for (const [name, text] of [
    ['an alias without its anchor', UNRESOLVED],
    ['aliases that multiply (billion laughs)', LAUGHS],
  ] as const) {
    it(`${name}: a study file gives a problem naming the file, not an exception`, () => {
      const file = write(text);
      const read = readYamlFile(file, z.record(z.string(), z.unknown()), 'study/study.yaml');
      expect(read).toMatchObject({
        ok: false,
        problems: [{ file: 'study/study.yaml', path: '', message: expect.stringMatching(/alias/i) }],
      });
    });

    it(`${name}: a task file gives a problem naming the file, not an exception`, () => {
      const file = write(text);
      expect(loadTaskFile(file)).toMatchObject({
        ok: false,
        problems: [{ file, message: expect.stringMatching(/alias/i) }],
      });
    });
  }
});
