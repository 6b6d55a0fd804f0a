import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../testing/tempDir.js';
import { readConsoleConfig } from './studyConsole.js';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

describe('readConsoleConfig', () => {
  it('reads study.yaml again once it changed (the setting is kept between reads of an unchanged file)', () => {
    const dir = path.join(tmp.dir, 'team-demo');
    fs.mkdirSync(dir);
    // The demo's own `labeller:` (it accepts unvalidated rules) is taken out: the test adds a console section of its own.
    const manifest = fs.readFileSync(path.join(import.meta.dirname, '../../studies/team-demo/study.yaml'), 'utf8').replace(/^labeller:\n(?: .*\n)*/m, '');
    fs.writeFileSync(path.join(dir, 'study.yaml'), manifest);
    expect(readConsoleConfig(dir)).toBeNull();
    expect(readConsoleConfig(dir)).toBeNull();

    fs.writeFileSync(path.join(dir, 'study.yaml'), `${manifest}\nlabeller: { source: experimenter, timeout_sec: 30, on_timeout: rules }\n`);
    expect(readConsoleConfig(dir)).toMatchObject({ source: 'experimenter', timeout_sec: 30, on_timeout: 'rules' });

    fs.writeFileSync(path.join(dir, 'study.yaml'), manifest);
    expect(readConsoleConfig(dir)).toBeNull();
  });
});
