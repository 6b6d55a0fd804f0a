import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { parseItemsJsonl, type MessageItem } from '../../shared/labelling/items.js';
import { parseLabelsJsonl } from '../../shared/labelling/labels.js';
import { agreementReportSchema } from '../../shared/labelling/report-schema.js';

const DEMO = path.resolve(import.meta.dirname, '../../studies/judge-validation-demo');
const INJECTED = '<img src=x onerror="alert(1)">';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

/** The demo study copied into the user folder, with markup planted in one message. */
function studyWithMarkup(dataDir: string) {
  const dir = path.join(dataDir, 'studies', 'jv-copy');
  fs.cpSync(DEMO, dir, { recursive: true });
  const parsed = parseItemsJsonl('items.jsonl', fs.readFileSync(path.join(dir, 'items.jsonl'), 'utf8'));
  if (!parsed.ok) throw new Error('demo items do not parse');
  const items = parsed.items as MessageItem[];
  items[0]!.message.text += ` ${INJECTED}`;
  fs.writeFileSync(path.join(dir, 'items.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  return { key: 'user:jv-copy', items: new Map(items.map((i) => [i.id, i])) };
}

describe('the agreement report and its exports', () => {
  it('compares each rater with the judges and with each other, and writes labels and a script-free printable report', async () => {
    const app = createTestApp(tmp.dir);
    const call = async (name: string, args: unknown) => {
      const r = await dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const { key, items } = studyWithMarkup(tmp.dir);
    const planted = [...items.keys()][0]!;
    const other = (item: MessageItem) => item.labels.find((l) => l.label !== item.judge!.final)!.label;
    const disagreed: string[] = [];
    for (const rater of ['R1', 'R2']) {
      const view = await call('openLabelling', { studyKey: key, rater });
      const mine: string[] = view.queue
        .filter((q: { practice: boolean }) => !q.practice)
        .map((q: { item: { id: string } }) => q.item.id);
      // R1 disagrees with the judges on every fourth item R2 agrees except on one item; both disagree on the planted one.
      for (const [n, id] of mine.entries()) {
        const item = items.get(id)!;
        const differ = id === planted || (rater === 'R1' ? n % 4 === 0 : n === 1);
        if (differ) disagreed.push(`${rater}:${id}`);
        await call('giveLabel', {
          sessionId: view.sessionId,
          itemId: id,
          label: differ ? other(item) : item.judge!.final,
          ms: 500 + n,
        });
      }
    }
    const { report, items: context, sessions } = await call('labellingReport', { studyKey: key });
    expect(agreementReportSchema.safeParse(report).success).toBe(true);
    expect(report.raters).toEqual(['R1', 'R2']);
    expect(report.counts.used).toBe(items.size + 10);
    expect(
      report.disagreements.map((d: { rater: string; itemId: string }) => `${d.rater}:${d.itemId}`).sort(),
    ).toEqual(disagreed.sort());
    expect(report.vsFinal.perRater.R1.agreement.value).toBeLessThan(
      report.vsFinal.perRater.R2.agreement.value,
    );
    expect(report.vsFinal.perRater.R2.kappa.value).toBeGreaterThan(0.8);
    expect(report.raterPairs).toHaveLength(1);
    expect(report.raterPairs[0].comparison.items).toBe(10);
    expect(Object.keys(report.vsJudge).sort()).toEqual(['referee', 'second', 'tiebreak']);
    expect(context.map((i: { id: string }) => i.id).sort()).toEqual(
      [...new Set(report.disagreements.map((d: { itemId: string }) => d.itemId))].sort(),
    );
    expect(sessions.map((s: { rater: string; done: number }) => s.rater).sort()).toEqual(['R1', 'R2']);

    const exported = await call('exportLabelling', { studyKey: key });
    expect(exported.dir).toBe(path.join(tmp.dir, 'exports', 'labelling', 'judge-validation-demo'));
    // The judge-run and consensus files come with every export (empty when no judge ran), named in the codebook.
    expect(fs.readdirSync(exported.dir).sort()).toEqual([
      'codebook.md',
      'consensus.csv',
      'judge-alignment.json',
      'judge-runs.csv',
      'judge-runs.jsonl',
      'labels.csv',
      'labels.jsonl',
      'report.html',
      'report.json',
    ]);
    const labels = parseLabelsJsonl(
      'labels.jsonl',
      fs.readFileSync(path.join(exported.dir, 'labels.jsonl'), 'utf8'),
    );
    expect(labels.ok && labels.labels.length).toBe(items.size + 10);
    expect(fs.readFileSync(path.join(exported.dir, 'labels.csv'), 'utf8').trim().split('\r\n')).toHaveLength(
      items.size + 11,
    );
    const html = fs.readFileSync(path.join(exported.dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain(INJECTED);
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).toContain("Cohen's κ");
    app.close();
  });
});
