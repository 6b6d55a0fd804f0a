// A fresh clone has nothing beside it: no test, bench or built-in study may read a file outside the repository.
// Every relative path literal in a source file is resolved against that file's folder and must stay inside.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const roots = ['main', 'shared', 'renderer', 'e2e', 'studies'];
const skip = new Set(['node_modules', 'out', 'test-results', 'testdata', 'data', '.git']);

function sourceFiles(dir: string, acc: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, acc);
    else if (/\.(ts|tsx|mjs|yaml)$/.test(entry.name)) acc.push(full);
  }
  return acc;
}

/** Relative path literals that climb ('../…'), with the folder they are resolved from. */
export function climbingPaths(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g)) {
    const literal = m[1]!;
    const before = text.slice(Math.max(0, m.index - 200), m.index);
    // Only paths handed to the file system count (module imports are checked by the compiler, and the
    // path-escape attacks in the workspace tests are tool inputs, not reads).
    if (!/(?:resolve|join|URL|readFileSync|existsSync|copyFileSync)\([^()]*$/.test(before)) continue;
    const resolved = path.resolve(path.dirname(file), literal);
    if (resolved !== repoRoot && !resolved.startsWith(repoRoot + path.sep)) out.push(`${path.relative(repoRoot, file)}: ${literal}`);
  }
  return out;
}

describe('nothing is read from outside the repository', () => {
  it('finds a climbing path when there is one', () => {
    const file = path.join(repoRoot, 'main/slack/queries.test.ts');
    expect(climbingPaths(file, `const a = path.resolve(here, '../../../shared/data/x.zip');`)).toHaveLength(1);
    expect(climbingPaths(file, `const a = path.resolve(here, '../testing/data/x.zip');`)).toHaveLength(0);
    expect(climbingPaths(file, `import { x } from '../../../shared/result';`)).toHaveLength(0);
  });

  it('no source file names a path outside the repository', () => {
    const found = roots.flatMap((r) => sourceFiles(path.join(repoRoot, r)).filter((f) => f !== import.meta.filename).flatMap((f) => climbingPaths(f, fs.readFileSync(f, 'utf8'))));
    expect(found).toEqual([]);
  });
});
