import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { crossCheck } from '../pack/validate.js';
import { teamTaskSchema } from '../pack/schema.js';
import { createRulesLabeller } from '../labeller/rulesLabeller.js';
import { decidingLabels, giveWayLabels } from './deciding.js';
import { giveWayReliability, measureSet, requestFor, scoreHalf, validationOf } from './measure.js';
import { rulesStatusOf } from './rulesStatus.js';
import { giveWayLine, labelReportLines, trainReportLines } from './report.js';

const STUDIES = path.resolve(import.meta.dirname, '../../../studies');
function versionsOf(pack: string, id: string) {
  const task = teamTaskSchema.parse(parse(fs.readFileSync(path.join(STUDIES, pack, 'tasks', `${id}.yaml`), 'utf8')));
  const checked = crossCheck(task, id);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.versions;
}

describe('label test sets: measurement', () => {
  it('scores a half: accuracy, recall and precision per label, the confusion matrix', () => {
    const h = scoreHalf(['a', 'b', 'other'], ['a', 'a', 'a', 'b', 'other'], ['a', 'a', 'other', 'a', 'other']);
    expect(h).toMatchObject({ n: 5, correct: 3, accuracy: 0.6, confusion: [[2, 0, 1], [1, 0, 0], [0, 0, 1]] });
    expect(h.perLabel).toEqual([
      { label: 'a', support: 3, predicted: 3, correct: 2, recall: 2 / 3, precision: 2 / 3 },
      { label: 'b', support: 1, predicted: 0, correct: 0, recall: 0, precision: null },
      { label: 'other', support: 1, predicted: 2, correct: 1, recall: 1, precision: 0.5 },
    ]);
  });

  it('validated only with held-out accuracy ≥ 0.90 and every deciding label\'s recall ≥ 0.85', () => {
    const all = (n: number, label: string) => Array.from({ length: n }, () => label);
    const good = scoreHalf(['a', 'other'], [...all(10, 'a'), ...all(10, 'other')], [...all(9, 'a'), 'other', ...all(10, 'other')]);
    expect(validationOf(good, ['a'])).toEqual({ validated: true, reasons: [] });
    const weak = scoreHalf(['a', 'other'], [...all(10, 'a'), ...all(30, 'other')], [...all(8, 'a'), 'other', 'other', ...all(30, 'other')]);
    expect(weak.accuracy).toBe(0.95);
    expect(validationOf(weak, ['a'])).toEqual({ validated: false, reasons: ['a recall 80% (needs 85%)'] });
    expect(validationOf(scoreHalf(['a', 'other'], ['other'], ['other']), ['a']).reasons).toEqual(['no held-out message is labelled a']);
  });

  it('deciding labels come from the scripts: give-way and action labels, else the labels that move the script', () => {
    expect(decidingLabels(versionsOf('team-demo', 'hidden-profile'))).toEqual(['asks_route']);
    expect(decidingLabels(versionsOf('team-demo', 'impossible-tests'))).toEqual(['challenges']);
    expect(decidingLabels(versionsOf('team-demo', 'campsite-negotiation'))).toEqual(['proposes_best', 'gives_in', 'asks_needs', 'holds_firm']);
    expect(decidingLabels(versionsOf('team-library', 'dispatch-binder-100-hour'))).toEqual(['raises_need']);
  });

  it('give-way labels come from the scripts: the labels some version answers with give_way', () => {
    expect(giveWayLabels(versionsOf('team-demo', 'hidden-profile'))).toEqual(['asks_route']);
    expect(giveWayLabels(versionsOf('team-library', 'audit-trail-switched-off'))).toEqual(['reports']);
    // The campsite partner acts (submits, walks away) but never gives way.
    expect(giveWayLabels(versionsOf('team-demo', 'campsite-negotiation'))).toEqual([]);
  });

  it('a give-way label needs held-out recall and precision ≥ 0.85: a give-way given too freely is not validated', () => {
    const all = (n: number, label: string) => Array.from({ length: n }, () => label);
    // gw: recall 10/10 but 3 'other' messages were also given gw: precision 10/13 = 0.77; accuracy 37/40.
    const loose = scoreHalf(['gw', 'other'], [...all(10, 'gw'), ...all(30, 'other')], [...all(13, 'gw'), ...all(27, 'other')]);
    expect(loose.accuracy).toBeCloseTo(0.925);
    expect(validationOf(loose, ['gw'])).toEqual({ validated: true, reasons: [] });
    expect(validationOf(loose, ['gw'], ['gw'])).toEqual({ validated: false, reasons: ['give-way label gw precision 77% (needs 85%)'] });
    expect(giveWayReliability(loose, ['gw'])).toEqual([{ label: 'gw', recall: 1, precision: 10 / 13, reliable: false }]);
    // A give-way label that does not decide (an action label does) still needs its recall.
    const missed = scoreHalf(['act', 'gw', 'other'], [...all(10, 'act'), ...all(10, 'gw'), ...all(20, 'other')], [...all(10, 'act'), ...all(8, 'gw'), ...all(22, 'other')]);
    expect(validationOf(missed, ['act'], ['gw']).reasons).toEqual(['give-way label gw recall 80% (needs 85%)']);
    const sure = scoreHalf(['gw', 'other'], [...all(10, 'gw'), ...all(10, 'other')], [...all(9, 'gw'), ...all(11, 'other')]);
    expect(giveWayReliability(sure, ['gw'])).toEqual([{ label: 'gw', recall: 0.9, precision: 1, reliable: true }]);
    expect(giveWayLine(giveWayReliability(sure, ['gw']))).toBe('  give-way labels (need recall and precision ≥ 0.85): gw recall 0.90, precision 1.00 — reliable');
    expect(giveWayLine([])).toContain('none');
  });

  it('builds the request a session would: the `after` line last in the history, the message to its recipient', () => {
    const versions = versionsOf('team-demo', 'hidden-profile');
    const r = requestFor(versions, { text: 'is the road open?', label: 'asks_route', after: 'k_settle', to: 'Kai' });
    expect(r.version).toBe('manipulation');
    expect(r.message).toEqual({ round: 1, to: 'Kai', text: 'is the road open?' });
    expect(r.history).toEqual([{ round: 1, seat: 'Kai', to: 'team', text: "We're losing time. North Hill — agreed?" }]);
    expect(requestFor(versions, { text: 'hi', label: 'other', after: 'k_share' }).version).toBe('control');
  });

  it('runs a labeller over both halves apart, and prints no held-out text', async () => {
    const versions = versionsOf('team-demo', 'hidden-profile');
    const set = {
      task: 'hidden-profile',
      written_by: 'test',
      held_out: [{ text: 'Is the driveway to North Hill open?', label: 'asks_route' }, { text: 'SECRET agreed, north hill', label: 'agrees' }],
      train: [{ text: 'what do you think', label: 'other' }],
      train_more: [],
    };
    const m = await measureSet(createRulesLabeller(), versions, set);
    expect(m.held_out).toMatchObject({ n: 2, correct: 2, given: ['asks_route', 'agrees'] });
    expect(m.train).toMatchObject({ n: 1, correct: 1 });
    const status = rulesStatusOf(versions, set);
    expect(status.measure?.held_out.given).toEqual(m.held_out.given);
    const printed = labelReportLines('hidden-profile', status).join('\n');
    expect(printed).toContain('held-out accuracy 1.00 (2/2), train 1.00 (1/1); n held-out 2, train 1 — validated');
    expect(printed).toContain('give-way labels (need recall and precision ≥ 0.85): asks_route recall 1.00, precision 1.00 — reliable');
    expect(printed).not.toContain('SECRET');
  });

  it('--train prints the train half, its misses with their text, and nothing of the held-out half but its size', () => {
    const versions = versionsOf('team-demo', 'hidden-profile');
    const set = {
      task: 'hidden-profile',
      written_by: 'test',
      held_out: [{ text: 'SECRET is the driveway to North Hill open?', label: 'asks_route' }],
      train: [{ text: 'what do you think', label: 'other' }, { text: 'Morning all', label: 'agrees' }],
      train_more: [],
    };
    const printed = trainReportLines('hidden-profile', rulesStatusOf(versions, set)).join('\n');
    expect(printed).toContain('hidden-profile: train accuracy 0.50 (1/2) (held-out half not shown: n 1)');
    expect(printed).toContain('want agrees, given other: "Morning all"');
    expect(printed).not.toContain('what do you think');
    expect(printed).not.toContain('SECRET');
  });
});
