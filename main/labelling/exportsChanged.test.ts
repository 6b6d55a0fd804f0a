import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../app/dispatch.js';
import { silentLogger } from '../app/logger.js';
import { createTestApp } from '../testing/testApp.js';
import { makeTempDir } from '../testing/tempDir.js';
import { parseItemsJsonl, type MessageItem } from '../../shared/labelling/items.js';
import { parseLabelsJsonl } from '../../shared/labelling/labels.js';
import { agreementReport } from '../../shared/labelling/report.js';
import { agreementReportSchema } from '../../shared/labelling/report-schema.js';
import { reportHtml } from './reportHtml.js';

const DEMO = path.resolve(import.meta.dirname, '../../studies/judge-validation-demo');
const POOLED_WARNING = 'different label sets';

let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function demoItems(file: string): MessageItem[] {
  const parsed = parseItemsJsonl('items.jsonl', fs.readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error('demo items do not parse');
  return parsed.items as MessageItem[];
}

describe('labelling exports after the item set changed', () => {
  it('keeps a changed item’s label in labels.csv/jsonl marked item_changed, counts it as left out, and reports flags as flagged', async () => {
    const app = createTestApp(tmp.dir);
    const call = async (name: string, args: unknown) => {
      const r = await dispatch(app.handlers, name, args, { host: 'test' }, silentLogger);
      if (!r.ok) throw new Error(r.error.message);
      return r.value as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const dir = path.join(tmp.dir, 'studies', 'jv-copy');
    fs.cpSync(DEMO, dir, { recursive: true });
    const key = 'user:jv-copy';
    const file = path.join(dir, 'items.jsonl');
    const items = new Map(demoItems(file).map((i) => [i.id, i]));

    const view = await call('openLabelling', { studyKey: key, rater: 'R1' });
    const ids: string[] = view.queue
      .filter((q: { practice: boolean }) => !q.practice)
      .map((q: { item: { id: string } }) => q.item.id);
    const [changed, kept, flagged] = ids as [string, string, string];
    for (const id of [changed, kept])
      await call('giveLabel', { sessionId: view.sessionId, itemId: id, label: items.get(id)!.judge!.final, ms: 700 });
    await call('flagItem', { sessionId: view.sessionId, itemId: flagged, note: 'context cut off' });

    // The researcher edits one item the rater already labelled.
    const edited = [...items.values()].map((i) =>
      i.id === changed ? { ...i, message: { ...i.message, text: `${i.message.text} (edited)` } } : i,
    );
    fs.writeFileSync(file, edited.map((i) => JSON.stringify(i)).join('\n') + '\n');

    const exported = await call('exportLabelling', { studyKey: key });
    const read = (name: string) => fs.readFileSync(path.join(exported.dir, name), 'utf8');
    const labels = parseLabelsJsonl('labels.jsonl', read('labels.jsonl'));
    if (!labels.ok) throw new Error('labels.jsonl does not parse');
    expect(labels.labels.map((l) => [l.itemId, l.itemChanged ?? false, l.flagged ?? false])).toEqual([
      [changed, true, false],
      [kept, false, false],
      [flagged, false, true],
    ]);
    const csv = read('labels.csv').trim().split('\r\n');
    const column = csv[0]!.split(',').indexOf('item_changed');
    expect(column).toBeGreaterThan(0);
    expect(csv.find((row) => row.startsWith(`${changed},`))?.split(',')[column]).toBe('true');
    expect(csv.find((row) => row.startsWith(`${kept},`))?.split(',')[column]).toBe('false');

    const report = agreementReportSchema.parse(JSON.parse(read('report.json')));
    expect(report.excluded.map((e) => `${e.rater}/${e.itemId}/${e.reason}`).sort()).toEqual(
      [`R1/${changed}/item_changed`, `R1/${flagged}/flagged`].sort(),
    );
    expect(report.counts.used).toBe(1);
    expect(read('report.html')).toContain('2 left out: 1 flagged, 1 item changed');
    app.close();
  });

  it('warns about pooled rows only when the dimensions offer different label sets', () => {
    const items = demoItems(path.join(DEMO, 'items.jsonl'));
    const byDimension = new Map<string, MessageItem[]>();
    for (const i of items) byDimension.set(i.dimension, [...(byDimension.get(i.dimension) ?? []), i]);
    const [first, second] = [...byDimension.values()] as [MessageItem[], MessageItem[]];
    const labelAll = (subset: MessageItem[]) =>
      subset.map((i) => ({ itemId: i.id, rater: 'R1', label: i.judge!.final }));
    const html = (subset: MessageItem[]) => {
      const report = agreementReport(subset, labelAll(subset), { resamples: 20 });
      expect(report.byDimension.length).toBeGreaterThan(1);
      return reportHtml('t', { report, sessions: [], items: [] }, new Date(0));
    };
    // Two dimensions given one label set: nothing to warn about.
    const sameSet = second.map((i) => ({ ...i, labels: first[0]!.labels, judge: { final: first[0]!.labels[0]!.label } }));
    expect(html([...first, ...sameSet])).not.toContain(POOLED_WARNING);
    expect(html([...first, ...second])).toContain(POOLED_WARNING);
  });
});
