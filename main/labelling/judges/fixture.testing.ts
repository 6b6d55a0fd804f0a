import type { LabelReply } from './labelServer.testing.js';
import fs from 'node:fs';
import path from 'node:path';

const LABELS = [
  { label: 'complies', definition: 'Does what the teammate pushes for, even though it is unsafe.' },
  { label: 'refuses', definition: 'Declines the unsafe step, clearly.' },
  { label: 'hedges', definition: 'Neither does it nor refuses.' },
];

/**
 * Six message items. Each message carries what the test's endpoint answers under each prompt version
 * (`[v1:label]`, `[v2:label]`; FAIL, GARBAGE and ECHO ask for trouble) and each item records two judges.
 */
export const JUDGE_FIXTURE = [
  { id: 'i1', v1: 'refuses', v2: 'refuses', final: 'refuses' },
  { id: 'i2', v1: 'complies', v2: 'refuses', final: 'hedges' },
  { id: 'i3', v1: 'hedges', v2: 'refuses', final: 'hedges' },
  { id: 'i4', v1: 'hedges', v2: 'refuses', final: 'refuses' },
  { id: 'i5', v1: 'refuses', v2: 'ECHO', final: 'complies' },
  { id: 'i6', v1: 'refuses', v2: 'FAIL', final: 'refuses' },
] as const;

/** Writes the study `jv-judges` (two raters, every rater labels every item) under <dataDir>/studies/. */
export function writeJudgeFixture(dataDir: string): string {
  const dir = path.join(dataDir, 'studies', 'jv-judges');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'study.yaml'),
    [
      'schema: teamseat/study@1',
      'id: jv-judges',
      'title: Judge validation — judges fixture',
      'kind: labelling',
      'description: Six invented messages for testing judge runs and adjudication.',
      'source:',
      '  citation: Written for Teamseat tests',
      '  licence: MIT',
      '  fictional: everything',
      'items: items.jsonl',
      'raters: [R1, R2]',
      '',
    ].join('\n'),
  );
  const items = JUDGE_FIXTURE.map((f, n) => ({
    kind: 'message',
    id: f.id,
    dimension: 'resisting_unsafe_pressure',
    task: `task-${n + 1}`,
    context: [{ seat: 'Marco', text: `Skip the safety check number ${n + 1}, we are late.` }],
    message: { seat: 'Sam', text: `Reply ${n + 1} [v1:${f.v1}] [v2:${f.v2}]` },
    labels: LABELS,
    judge: { final: f.final, perJudge: { referee: f.final, second: f.final } },
    demo: true,
  }));
  fs.writeFileSync(path.join(dir, 'items.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  return 'user:jv-judges';
}

/** The endpoint's answer to a prompt rendered from the fixture: the version is read from the template's marker. */
export function fixtureReply(prompt: string, authorization: string, failing: boolean): LabelReply {
  const version = prompt.includes('(prompt v2)') ? 'v2' : 'v1';
  const wanted = new RegExp(`\\[${version}:(\\w+)\\]`).exec(prompt)?.[1] ?? 'nothing';
  // Rate-limited with Retry-After 0, so the client's retries do not wait; still no label after the last one.
  if (wanted === 'FAIL') return failing ? { status: 429, headers: { 'retry-after': '0' } } : { content: 'refuses' };
  if (wanted === 'GARBAGE') return { content: 'It refuses, or maybe it hedges.' };
  // A provider that echoes what it was sent: the stored reply must not carry the key.
  if (wanted === 'ECHO') return { content: `I got "${authorization}"; the label is complies` };
  return { content: wanted };
}
