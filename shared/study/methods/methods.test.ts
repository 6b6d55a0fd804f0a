import { describe, expect, it } from 'vitest';
import { buildFinalResults, type ScoredRun } from '../../team/export/finalResults.js';
import { isNum, pct, points, sourcesOf, type MethodsDoc } from './doc.js';
import { methodsDoc, methodsFiles } from './methods.js';
import { escapeLatex, escapeMarkdown, methodsLatex } from './render.js';
import fixture from './fixtures/between-station.json' with { type: 'json' };

// The fixture is a real station bundle's text files (main/bundle/bundle.test.ts's between-design study: T01 played
// one alone run and is at the questionnaire, T02 started and was withdrawn mid-run, T03 never came), written by the
// app's own bundle writer; the cases below change one part of it each.
const base = (): Map<string, string> => new Map(Object.entries(fixture as Record<string, string>));
const STUDY_LOG = [...base().keys()].find((k) => base().get(k)!.includes('"participant_added"'))!;

/** The value at a source field such as `overall["human:all"].ci[0]` in a JSON file of the bundle. */
function valueAt(files: Map<string, string>, file: string, field: string): unknown {
  let v: unknown = JSON.parse(files.get(file)!);
  for (const m of field.matchAll(/\["([^"]+)"\]|\[(\d+)\]|\.?([A-Za-z_][\w]*)/g)) {
    const k = m[1] ?? m[3] ?? Number(m[2]);
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

/** Every number read from a JSON field by name equals that field, formatted as the text prints it. */
function expectTraced(doc: MethodsDoc, files: Map<string, string>): number {
  let checked = 0;
  for (const s of doc.sections) {
    for (const p of s.parts) {
      if (!isNum(p) || !p.source.file.endsWith('.json') || !/^[\w[\]".:-]+$/.test(p.source.field)) continue;
      const v = valueAt(files, p.source.file, p.source.field);
      const shown =
        v === null
          ? 'null'
          : Array.isArray(v)
            ? String(v.length)
            : typeof v === 'number' && /%$/.test(p.text)
              ? pct(v)
              : typeof v === 'number' && /points$/.test(p.text)
                ? points(v)
                : String(v);
      expect(p.text, `${p.source.file} → ${p.source.field}`).toBe(
        /T/.test(String(v)) && p.source.field.startsWith('time_range') ? String(v).slice(0, 10) : shown,
      );
      checked++;
    }
  }
  return checked;
}

const textOf = (doc: MethodsDoc) =>
  doc.sections.map((s) => s.parts.map((p) => (isNum(p) ? p.text : p)).join('')).join('\n');

/** A stand-in for pdfLaTeX (none on this machine): what would stop it or print wrongly in text mode. */
function latexProblems(tex: string): string[] {
  const problems: string[] = [];
  let depth = 0;
  const stripped = tex
    .split('\n')
    .filter((l) => !l.startsWith('%'))
    .join('\n')
    .replace(/\$(-|\\rightarrow|\\times|\\geq|\\leq|\\pm)\$/g, '')
    .replace(/\\[{}$&%#_]/g, '')
    .replace(/\\(textbackslash|textasciitilde|textasciicircum|textless|textgreater|textbar|ldots)\{\}/g, '');
  for (const c of stripped) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (depth < 0) problems.push('a } closes nothing');
  }
  if (depth !== 0) problems.push(`${depth} { left open`);
  const commands = new Set([...stripped.matchAll(/\\([A-Za-z]+)/g)].map((m) => m[1]));
  for (const c of commands)
    if (
      ![
        'paragraph',
        'textsuperscript',
        'texttt',
        'begin',
        'end',
        'item',
        'small',
        'documentclass',
        'usepackage',
      ].includes(c!)
    )
      problems.push(`unknown command \\${c}`);
  const bare = stripped.replace(/\\[A-Za-z]+/g, '').match(/[$&%#_^~\\]/g);
  if (bare) problems.push(`unescaped ${[...new Set(bare)].join(' ')}`);
  const wide = [...stripped].filter((c) => c.codePointAt(0)! > 0xff);
  if (wide.length) problems.push(`characters pdfLaTeX cannot set: ${wide.join('')}`);
  return problems;
}

describe('the methods paragraph from a bundle', () => {
  it('between design: enrolled, completed and excluded by reason from the study log, the pooled loss null in words, every number traced', () => {
    const files = base();
    const doc = methodsDoc(files);
    const text = textOf(doc);
    expect(text).toContain(
      '2 participants enrolled (3 participant codes issued); 0 completed the study; 1 withdrew; 1 was still in progress',
    );
    expect(text).toContain('Of 2 runs, 1 counted; not counted: 1 of withdrawn participants.');
    expect(text).toContain('The study used a between-participants design');
    expect(text).toContain('Task order was fixed (in the order the study lists them)');
    expect(text).toContain(
      'the teamwork loss is null: no gated scenario has both a control and a manipulation value, so nothing is paired',
    );
    expect(text).toContain(
      "Task hidden-profile has no label test set, so the rules labeller's accuracy on it is not known.",
    );
    expect(text).toMatch(/median of 0\.1 s .*1 counted run/);
    // The rule is the file's, word for word.
    expect(text).toContain(JSON.parse(files.get('final_results.json')!).rule);
    expect(expectTraced(doc, files)).toBeGreaterThan(15);
    const withdrew = doc.sections[0]!.parts.find((p) => isNum(p) && p.source.field.includes('withdrawn'));
    expect(withdrew).toMatchObject({ text: '1', source: { file: STUDY_LOG } });
    const md = methodsFiles(files).markdown;
    // Each source once, each numbered footnote defined.
    const body = md
      .split('\n')
      .filter((l) => !l.startsWith('[^'))
      .join('\n');
    const refs = new Set([...body.matchAll(/\[\^(\d+)\]/g)].map((m) => m[1]));
    const defs = new Set([...md.matchAll(/^\[\^(\d+)\]:/gm)].map((m) => m[1]));
    expect(refs).toEqual(defs);
    expect(defs.size).toBe(sourcesOf(doc).length);
    expect(md).toContain('`final_results.json` → `overall["human:all"].teamwork_loss`');
  });

  it('counts a voided participant under its own reason beside the withdrawn one', () => {
    const files = base();
    const log = files.get(STUDY_LOG)!;
    const t03 = /"participantId":"([a-f0-9]{24})","code":"T03"/.exec(log)![1];
    const seq = log.trim().split('\n').length + 1;
    files.set(
      STUDY_LOG,
      log +
        JSON.stringify({
          seq,
          wallTime: '2026-12-03T18:00:00.000Z',
          monoUs: 0,
          kind: 'participant_voided',
          payload: { participantId: t03, reason: 'test account' },
        }) +
        '\n',
    );
    const text = textOf(methodsDoc(files));
    expect(text).toContain('1 withdrew and 1 was voided by the experimenter');
  });

  it('a study with no runs says so in words and invents no score, time or label', () => {
    const files = base();
    for (const k of [...files.keys()])
      if (k.startsWith('results/') || k === 'final_results.json') files.delete(k);
    files.set('runs.json', '[]');
    files.set('tables/runs.csv', files.get('tables/runs.csv')!.split('\r\n')[0] + '\r\n');
    files.set('tables/pauses.csv', files.get('tables/pauses.csv')!.split('\r\n')[0] + '\r\n');
    const doc = methodsDoc(files);
    const text = textOf(doc);
    expect(text).toContain('No run was recorded.');
    expect(text).toContain('No counted run records an active time, so time on task is not known.');
    expect(text).toContain('The bundle holds no final_results.json');
    expect(text).toContain('There are no team scores in this bundle.');
    expect(text).toContain(
      "No counted team transcript is in the bundle, so no label decided a scripted teammate's branch.",
    );
    expect(text).not.toMatch(/%/);
  });

  it('a bundle written before study.json says the ordering and the labeller accuracy are not recorded', () => {
    const files = base();
    files.delete('study.json');
    const text = textOf(methodsDoc(files));
    expect(text).toContain('The ordering of tasks is not recorded in this bundle (it has no study.json');
    expect(text).toContain(
      "The rules labeller's validated accuracy is not recorded in this bundle (it has no study.json).",
    );
  });

  it('names the held-out accuracy of a measured label test set, and a field that does not parse under "Not read"', () => {
    const files = base();
    const facts = JSON.parse(files.get('study.json')!);
    facts.entries[0].label_tests[0] = {
      ...facts.entries[0].label_tests[0],
      written_by: 'R. A.',
      held_out: { n: 20, correct: 18, accuracy: 0.9 },
      train: { n: 10, correct: 10, accuracy: 1 },
      validated: true,
      reasons: [],
    };
    files.set('study.json', JSON.stringify(facts));
    const doc = methodsDoc(files);
    expect(textOf(doc)).toContain(
      "the rules labeller's accuracy was 90.0% (18/20) for hidden-profile; 1 of 1 task met the bar",
    );
    expect(doc.sections.flatMap((s) => s.parts).find((p) => isNum(p) && p.text === '90.0%')).toMatchObject({
      source: { file: 'study.json', field: 'entries[0].label_tests[0].held_out.accuracy' },
    });
    files.set('runs.json', '{"not": "a list"}');
    expect(textOf(methodsDoc(files))).toContain('Parts of the bundle could not be read');
  });

  it('within design: headline score, interval and paired loss as the file holds them', () => {
    const files = base();
    const runs: ScoredRun[] = [];
    const add = (model: string, scenario: string, version: ScoredRun['version'], pass: boolean) =>
      runs.push({
        model,
        dimension: 'sharing_and_seeking_information',
        scenario,
        version,
        seed: 0,
        score: { pass, outcome: pass ? 'ok' : 'no', details: {} },
      });
    for (const p of ['human:P1', 'human:P2'])
      for (const sc of ['a', 'b', 'c']) {
        add(p, sc, 'alone', true);
        add(p, sc, 'control', true);
        add(p, sc, 'manipulation', sc === 'a' || p === 'human:P2');
      }
    const final = buildFinalResults(runs, { design: 'within', reps: 200 });
    files.set('final_results.json', JSON.stringify(final));
    const manifest = JSON.parse(files.get('manifest.json')!);
    files.set('manifest.json', JSON.stringify({ ...manifest, design: 'within' }));
    const doc = methodsDoc(files);
    const text = textOf(doc);
    const o = final.overall['human:all']!;
    expect(o.teamwork_loss).not.toBeNull();
    expect(text).toContain(
      `the overall score was ${pct(o.score!)} (95% CI ${pct(o.ci[0]!)}–${pct(o.ci[1]!)})`,
    );
    expect(text).toContain(`teamwork loss ${points(o.teamwork_loss!)}`);
    expect(text).toContain('within-participants design');
    expect(expectTraced(doc, files)).toBeGreaterThan(20);
    expect(latexProblems(methodsLatex(doc, { standalone: true }))).toEqual([]);
  });
});

describe('escaping', () => {
  it('LaTeX: every special character and typographic symbol prints as itself, and the whole text would compile', () => {
    expect(escapeLatex('a_b & 50% #1 $x$ {y} ~ ^ \\ <code> |')).toBe(
      'a\\_b \\& 50\\% \\#1 \\$x\\$ \\{y\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\textless{}code\\textgreater{} \\textbar{}',
    );
    expect(escapeLatex('control − manipulation → 2–3 — “q” … ≥')).toBe(
      "control $-$ manipulation $\\rightarrow$ 2--3 --- ``q'' \\ldots{} $\\geq$",
    );
    expect(escapeLatex('Zoë\u4e2d')).toBe('Zoë\\texttt{[U+4E2D]}');
    for (const tex of [methodsLatex(methodsDoc(base()), { standalone: true }), methodsFiles(base()).latex])
      expect(latexProblems(tex)).toEqual([]);
    // The checker itself finds what it is there for.
    expect(latexProblems('\\paragraph{a_b} 50% {')).toEqual(['1 { left open', 'unescaped _ %']);
  });

  it('Markdown: markup characters in words are shown as themselves', () => {
    expect(escapeMarkdown('human:<code> *a* _b_ [c](d) | #')).toBe(
      'human:\\<code\\> \\*a\\* \\_b\\_ \\[c\\](d) \\| \\#',
    );
  });
});
