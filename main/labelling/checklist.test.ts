import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { parseItemsJsonl, type VerdictItem } from '../../shared/labelling/items.js';
import { agreementReportSchema } from '../../shared/labelling/report-schema.js';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'checklist-study');
const KEY = 'user:checklist-study';
const items = (() => {
  const parsed = parseItemsJsonl('items.jsonl', fs.readFileSync(path.join(FIXTURE, 'items.jsonl'), 'utf8'));
  if (!parsed.ok) throw new Error('fixture items do not parse');
  return new Map(parsed.items.map((i) => [i.id, i as VerdictItem]));
})();
type Verdict = 'YES' | 'NO';
const flip = (v: Verdict): Verdict => (v === 'YES' ? 'NO' : 'YES');

/** The judge's checklist verdicts with the named entries turned round: how each rater departs from the judge. */
function answersOf(rater: string, id: string): Record<string, Verdict> | undefined {
  const item = items.get(id)!;
  if (!item.checklist) return undefined;
  const departs: Record<string, string[]> = { R1: ['su-02:c2'], R2: ['su-01:c3', 'su-04:c2'] };
  return Object.fromEntries(
    item.checklist.map((e) => {
      const judge = item.judge!.checklist![e.id]!;
      return [e.id, departs[rater]!.includes(`${id}:${e.id}`) ? flip(judge) : judge];
    }),
  );
}

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function harness() {
  fs.cpSync(FIXTURE, path.join(tmp.dir, 'studies', 'checklist-study'), { recursive: true });
  const app = createTestApp(tmp.dir);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read as loosely as a JSON client would
  const call = async <T = any>(name: string, args: unknown): Promise<T> => {
    const r = await dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
    if (!r.ok) throw new Error(r.error.message);
    return r.value as T;
  };
  const attempt = (name: string, args: unknown) =>
    dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
  return { app, call, attempt };
}

describe('grading verdict items checklist entry by entry', () => {
  it('sends verdict practice blind, gives feedback with the expected checklist, and refuses incomplete gradings', async () => {
    const { app, call, attempt } = harness();
    const view = await call('openLabelling', { studyKey: KEY, rater: 'R1' });
    expect(view.queue.map((q: { practice: boolean }) => q.practice)).toEqual([
      true,
      true,
      ...Array(6).fill(false),
    ]);
    const sent = JSON.stringify(view);
    for (const word of ['"judge"', '"expected"', 'expectedChecklist', '"why"', 'vegan options."}}'])
      expect(sent).not.toContain(word);
    expect(view.queue[0].item.checklist).toHaveLength(3);

    const practice = await call('giveLabel', {
      sessionId: view.sessionId,
      itemId: 'practice-su',
      label: 'YES',
      ms: 900,
      checklist: { c1: 'YES', c2: 'YES', c3: 'YES' },
    });
    expect(practice.practiceAnswers['practice-su']).toEqual({
      answer: 'NO',
      why: 'The summary leaves out the vegan request, one of the three key points.',
      checklist: { c1: 'YES', c2: 'YES', c3: 'NO' },
    });
    expect(practice.answers['practice-su']).toMatchObject({ label: 'YES', checklist: { c3: 'YES' } });

    const before = app.database.eventLog!.replay(view.sessionId).length;
    const refusals = [
      { itemId: 'su-01', label: 'YES', ms: 1 },
      { itemId: 'su-01', label: 'YES', ms: 1, checklist: { c1: 'YES', c2: 'YES' } },
      { itemId: 'su-01', label: 'YES', ms: 1, checklist: { c1: 'YES', c2: 'YES', c3: 'NO', c9: 'NO' } },
      { itemId: 'as-01', label: 'YES', ms: 1, checklist: { c1: 'YES' } },
      { itemId: 'su-01', label: 'MAYBE', ms: 1, checklist: { c1: 'YES', c2: 'YES', c3: 'YES' } },
    ];
    const messages = [];
    for (const args of refusals) {
      const r = await attempt('giveLabel', { sessionId: view.sessionId, ...args });
      expect(r.ok).toBe(false);
      messages.push(r.ok ? '' : r.error.message);
    }
    expect(messages[0]).toContain('missing "c1", "c2", "c3"');
    expect(messages[1]).toContain('missing "c3"');
    expect(messages[2]).toContain('"c9"');
    expect(messages[3]).toContain('no checklist');
    expect(app.database.eventLog!.replay(view.sessionId)).toHaveLength(before);
    app.close();
  });

  it('records each entry in the log, folds it back on reopening, and reports agreement per checklist entry', async () => {
    const { app, call } = harness();
    for (const rater of ['R1', 'R2']) {
      const view = await call('openLabelling', { studyKey: KEY, rater });
      for (const q of view.queue.filter((x: { practice: boolean }) => !x.practice)) {
        const id: string = q.item.id;
        const checklist = answersOf(rater, id);
        await call('giveLabel', {
          sessionId: view.sessionId,
          itemId: id,
          label: items.get(id)!.judge!.final,
          ms: 700,
          ...(checklist ? { checklist } : {}),
        });
      }
      const logged = app.database.eventLog!.replay(view.sessionId).filter((e) => e.kind === 'label_given');
      expect(logged.find((e) => (e.payload as { itemId: string }).itemId === 'su-02')?.payload).toMatchObject(
        {
          checklist: answersOf(rater, 'su-02'),
        },
      );
    }
    const reopened = await call('openLabelling', { studyKey: KEY, rater: 'R2' });
    expect(reopened.answers['su-04']).toMatchObject({
      kind: 'label',
      checklist: { c1: 'YES', c2: 'YES', c3: 'NO' },
    });
    expect(reopened.answers['as-01'].checklist).toBeUndefined();

    const { report } = await call('labellingReport', { studyKey: KEY });
    expect(agreementReportSchema.safeParse(report).success).toBe(true);
    const c = report.checklist;
    expect(c.items).toBe(4);
    expect(c.judgedEntries).toBe(13);
    // R1 × judge: (Y,Y) 8, (N,Y) 1, (N,N) 4. po 12/13, pe (8·9 + 5·4)/169 → κ = 64/77.
    expect(c.vsJudge.perRater.R1.confusion).toEqual([
      [8, 0],
      [1, 4],
    ]);
    expect(c.vsJudge.perRater.R1.agreement.value).toBeCloseTo(12 / 13, 12);
    expect(c.vsJudge.perRater.R1.kappa.value).toBeCloseTo(64 / 77, 12);
    // R2 × judge: (Y,Y) 8, (Y,N) 1, (N,Y) 1, (N,N) 3. pe 97/169 → κ = 46/72.
    expect(c.vsJudge.perRater.R2.kappa.value).toBeCloseTo(46 / 72, 12);
    // Pooled: 26 pairs over 4 items, (Y,Y) 16, (Y,N) 1, (N,Y) 2, (N,N) 7 → κ = 220/298.
    expect(c.vsJudge.pooled).toMatchObject({ pairs: 26, items: 4 });
    expect(c.vsJudge.pooled.agreement.value).toBeCloseTo(23 / 26, 12);
    expect(c.vsJudge.pooled.kappa.value).toBeCloseTo(220 / 298, 12);
    expect(c.vsJudge.pooled.kappa.low).toBeLessThanOrEqual(c.vsJudge.pooled.kappa.value);
    expect(c.raterPairs[0].comparison.agreement.value).toBeCloseTo(10 / 13, 12);
    expect(
      c.disagreements.map(
        (d: { rater: string; itemId: string; checklistId: string }) =>
          `${d.rater}:${d.itemId}:${d.checklistId}`,
      ),
    ).toEqual(['R2:su-01:c3', 'R1:su-02:c2', 'R2:su-04:c2']);
    // The overall verdicts all match the judge, so the item-level report alone would show perfect agreement.
    expect(report.vsFinal.pooled.agreement.value).toBe(1);

    const exported = await call('exportLabelling', { studyKey: KEY });
    const csv = fs.readFileSync(path.join(exported.dir, 'labels.csv'), 'utf8');
    expect(csv).toContain('su-04,R2,NO,false,false,false,,c1=YES;c2=YES;c3=NO,');
    const json = JSON.parse(fs.readFileSync(path.join(exported.dir, 'report.json'), 'utf8'));
    expect(json.checklist.vsJudge.pooled.kappa.value).toBeCloseTo(220 / 298, 12);
    const html = fs.readFileSync(path.join(exported.dir, 'report.html'), 'utf8');
    expect(html).toContain('Checklist lines of graded answers');
    expect(html).toContain('Says Lee extended the volume.: R1 said <b>NO</b>, the judge <b>YES</b>');
    app.close();
  });
});
