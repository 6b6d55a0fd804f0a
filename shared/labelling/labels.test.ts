import { describe, expect, it } from 'vitest';
import { isUsable, labelsToCsv, labelsToJsonl, parseLabelsJsonl, type RaterLabel } from './labels.js';

const labels: RaterLabel[] = [
  { itemId: 'm1', rater: 'R1', label: 'complies', at: '2025-01-01T10:00:00Z', ms: 5300 },
  { itemId: 'm2', rater: 'R1', label: null, skipped: true },
  { itemId: 'm3', rater: 'R2', label: 'hedges', flagged: true, note: 'context cut off, "odd", see\nline 2' },
  { itemId: 'q1', rater: 'R2', label: 'YES', checklist: { c1: 'YES', c2: 'NO' } },
  { itemId: 'm4', rater: 'R2', label: 'complies', note: '=HYPERLINK("x")' },
  { itemId: 'm5', rater: 'R1', label: 'hedges', itemChanged: true, ms: 900 },
];

describe('rater labels', () => {
  it('counts only labels that were given, not skipped or flagged, on an item that has not changed', () => {
    expect(labels.filter(isUsable).map((l) => l.itemId)).toEqual(['m1', 'q1', 'm4']);
  });

  it('round-trips through JSONL', () => {
    const parsed = parseLabelsJsonl('labels.jsonl', labelsToJsonl(labels));
    expect(parsed).toEqual({ ok: true, labels });
  });

  it('names the line and field of a bad label record', () => {
    const parsed = parseLabelsJsonl('labels.jsonl', labelsToJsonl(labels) + '{"itemId":"m9","rater":""}\nnope\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const paths = parsed.problems.map((p) => p.path);
    expect(paths).toContain('line 7: rater');
    expect(paths).toContain('line 7: label');
    expect(paths).toContain('line 8');
  });

  it('writes CSV with quoting, checklist cells and spreadsheet-formula guarding', () => {
    const csv = labelsToCsv(labels);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('item_id,rater,label,skipped,flagged,item_changed,note,checklist,at,ms');
    expect(lines[1]).toBe('m1,R1,complies,false,false,false,,,2025-01-01T10:00:00Z,5300');
    expect(lines[2]).toBe('m2,R1,,true,false,false,,,,');
    // The note holds a quote and a newline, so the record spans two physical lines.
    expect(csv).toContain('m3,R2,hedges,false,true,false,"context cut off, ""odd"", see\nline 2",,,');
    expect(csv).toContain('q1,R2,YES,false,false,false,,c1=YES;c2=NO,,');
    expect(csv).toContain(`m4,R2,complies,false,false,false,"'=HYPERLINK(""x"")",,,`);
    expect(csv).toContain('m5,R1,hedges,false,false,true,,,,900');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
