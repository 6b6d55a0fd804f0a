import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStudyProtocol } from './protocolLoad.js';
import { studyVersionHash } from './studyVersion.js';
import { buildPlan } from '../../shared/study/plan.js';
import { participantCodes } from '../../shared/study/codes.js';
import { makeTempDir } from '../testing/tempDir.js';

const studies = path.resolve(import.meta.dirname, '../../studies');
let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

/** A copy of a built-in pack (without the big Slack export, which the team pack does not have). */
function copyPack(name: string): string {
  const to = path.join(tmp.dir, name);
  fs.cpSync(path.join(studies, name), to, { recursive: true });
  return to;
}

describe('studyVersionHash', () => {
  it('changes when study.yaml or a file it names changes, and not for a file it does not name', () => {
    const dir = copyPack('team-demo');
    const first = studyVersionHash(dir);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    expect(studyVersionHash(dir)).toBe(first);

    fs.writeFileSync(path.join(dir, 'NOTES.md'), 'not part of the pack');
    expect(studyVersionHash(dir)).toBe(first);

    const task = path.join(dir, 'tasks/hidden-profile.yaml');
    const text = fs.readFileSync(task, 'utf8');
    fs.writeFileSync(task, text.replace('Where to evacuate the village', 'Where to evacuate the town'));
    const second = studyVersionHash(dir);
    expect(second).not.toBe(first);

    fs.appendFileSync(path.join(dir, 'study.yaml'), '# a comment\n');
    expect(studyVersionHash(dir)).not.toBe(second);
  });

  it('is the same for a checkout with CRLF line endings', () => {
    const dir = copyPack('team-demo');
    const lf = studyVersionHash(dir);
    for (const rel of ['study.yaml', 'tasks/campsite-negotiation.yaml']) {
      const file = path.join(dir, rel);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n/g, '\r\n'));
    }
    expect(studyVersionHash(dir)).toBe(lf);
  });

  it('covers the Slack export, so an edited message makes a new version', () => {
    const dir = copyPack('slack-demo');
    const first = studyVersionHash(dir);
    fs.writeFileSync(path.join(dir, 'export/general/2024-09-03.json'), '[]');
    expect(studyVersionHash(dir)).not.toBe(first);
  });
});

describe('loadStudyProtocol', () => {
  it('loads the team demo ready for buildPlan, and its plans are valid for all six codes (one full balance cycle)', () => {
    const loaded = loadStudyProtocol(path.join(studies, 'team-demo'));
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const { protocol, content, studyVersion } = loaded.value;
    const codes = participantCodes(protocol, 'S7K2');
    expect(codes).toEqual(['S7K2-P01', 'S7K2-P02', 'S7K2-P03', 'S7K2-P04', 'S7K2-P05', 'S7K2-P06']);
    const plans = codes.map((participant, slot) => buildPlan({ protocol, content, participant, slot, studyVersion }));
    for (const plan of plans) {
      expect(plan.steps[0]).toEqual({ kind: 'consent' });
      expect(plan.steps.at(-1)).toEqual({ kind: 'completion' });
      const practice = plan.steps.find((s) => s.kind === 'practice');
      expect(practice).toMatchObject({ cell: { taskId: 'campsite-negotiation', practice: true } });
      const runs = plan.steps.flatMap((s) => (s.kind === 'run' && s.cell.kind === 'team' ? [s.cell] : []));
      expect(runs.map((c) => c.taskId).sort()).toEqual(['hidden-profile', 'impossible-tests']);
    }
  });

  it('loads the Slack demo', () => {
    const loaded = loadStudyProtocol(path.join(studies, 'slack-demo'));
    expect(loaded.ok && loaded.value.protocol.kind).toBe('slack');
    expect(loaded.ok && loaded.value.content).toMatchObject({ kind: 'slack' });
  });

  it('says plainly when a study has no protocol or has problems', () => {
    const lab = loadStudyProtocol(path.join(studies, 'judge-validation-demo'));
    expect(lab).toMatchObject({ ok: false, problems: [{ path: 'protocol', message: expect.stringMatching(/no protocol: a labelling study/) }] });
    const dir = copyPack('team-demo');
    fs.writeFileSync(path.join(dir, 'study.yaml'), fs.readFileSync(path.join(dir, 'study.yaml'), 'utf8').replace('design: between', 'design: crossover'));
    expect(loadStudyProtocol(dir)).toMatchObject({ ok: false, problems: [{ path: 'protocol.design', message: 'expected between or within' }] });
  });
});
