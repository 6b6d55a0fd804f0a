import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { epoch } from './messages.js';
import { who } from './people.js';
import { commitPlan } from './repoFiles.js';

export interface MadeCommit {
  hash: string;
  subject: string;
  by: string;
  at: string;
}

/**
 * Builds the repository with the git CLI (fixed authors and dates, so the hashes are the same on every machine), then
 * keeps only a bare, garbage-collected clone at `bareDir`: no `.git` folder, no hooks, no pointer back to the temp copy.
 */
export function makeRepo(bareDir: string): MadeCommit[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'slack-demo-repo-'));
  const env = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1', TZ: 'UTC' };
  const git = (cwd: string, args: string[], extra: Record<string, string> = {}) =>
    execFileSync('git', args, { cwd, env: { ...env, ...extra }, encoding: 'utf8' }).trim();
  try {
    git(work, ['init', '-q', '-b', 'main']);
    const made: MadeCommit[] = [];
    for (const commit of commitPlan) {
      for (const [file, content] of Object.entries(commit.files)) {
        fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
        fs.writeFileSync(path.join(work, file), content);
      }
      git(work, ['add', '-A']);
      const person = who(commit.by);
      const date = `${epoch(commit.at)} +0000`;
      git(work, ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', commit.subject], {
        GIT_AUTHOR_NAME: person.realName, GIT_AUTHOR_EMAIL: person.email, GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: person.realName, GIT_COMMITTER_EMAIL: person.email, GIT_COMMITTER_DATE: date,
      });
      made.push({ hash: git(work, ['rev-parse', 'HEAD']), subject: commit.subject, by: commit.by, at: commit.at });
    }
    fs.rmSync(bareDir, { recursive: true, force: true });
    git(path.dirname(bareDir), ['clone', '-q', '--bare', '--no-hardlinks', work, path.basename(bareDir)]);
    git(bareDir, ['remote', 'remove', 'origin']);
    git(bareDir, ['gc', '-q', '--prune=now']);
    fs.rmSync(path.join(bareDir, 'hooks'), { recursive: true, force: true });
    fs.rmSync(path.join(bareDir, 'branches'), { recursive: true, force: true });
    // Git does not keep empty folders, and a repository without refs/ is not one: keep the branch as a loose ref too.
    fs.writeFileSync(path.join(bareDir, 'refs', 'heads', 'main'), `${made.at(-1)?.hash ?? ''}\n`);
    fs.writeFileSync(path.join(bareDir, 'description'), 'calibrate: calibration models for Aerolab sensors (fictional)\n');
    return made;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
