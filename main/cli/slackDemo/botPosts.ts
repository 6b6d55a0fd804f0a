import { rng, workdays } from './filler.js';
import type { Post } from './messages.js';
import { who } from './people.js';
import type { MadeCommit } from './repo.js';

function later(at: string, minutes: number): string {
  return new Date(Date.parse(`${at.replace(' ', 'T')}:00Z`) + minutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** What the CI bot posts: one notice per commit, the CI result after it, and the nightly ingest summary. */
export function botPosts(commits: readonly MadeCommit[], from: string, to: string, seed: number): Post[] {
  const random = rng(seed);
  const posts: Post[] = [];
  for (const c of commits) {
    const short = c.hash.slice(0, 7);
    const link = `<https://git.aerolab.example.org/aerolab/calibrate/commit/${c.hash}|${short}>`;
    posts.push({ in: 'ci-alerts', at: later(c.at, 1), by: 'jonas', bot: true, text: `[calibrate:main] 1 new commit: ${link} ${c.subject} - ${who(c.by).realName}` });
    const minutes = 3 + Math.floor(random() * 3);
    posts.push({ in: 'ci-alerts', at: later(c.at, 6), by: 'jonas', bot: true, text: `:white_check_mark: CI passed on \`main\` (${short}) in ${minutes}m ${Math.floor(random() * 60)}s` });
  }
  for (const day of workdays(from, to)) {
    const outage = day >= '2024-10-14' && day <= '2024-10-18';
    const rows = (outage ? 5 : 6) * 1440 - Math.floor(random() * 40);
    const text = outage
      ? `Nightly ingest finished: 5 of 6 sites reporting (NG-03 silent), ${rows.toLocaleString('en-GB')} rows.`
      : `Nightly ingest finished: 6 sites, ${rows.toLocaleString('en-GB')} rows, ${Math.floor(random() * 4)} short gaps.`;
    posts.push({ in: 'ci-alerts', at: `${day} 02:20`, by: 'ben', bot: true, text });
  }
  return posts;
}
