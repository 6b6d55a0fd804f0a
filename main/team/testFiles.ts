import path from 'node:path';

/** unittest's default discovery pattern: the workspace's own test modules that `run_tests` runs. */
export function visibleTests(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).filter(([p]) => /^test.*\.py$/.test(path.posix.basename(p))));
}
