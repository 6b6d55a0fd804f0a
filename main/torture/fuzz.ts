import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { loadLabellingSet } from '../labelling/studySet.js';
import type { Problem } from '../../shared/problems.js';
import { rng, type Rng } from './drivers.js';

export interface FuzzResult {
  cases: number;
  loaded: number;
  /** Refused with an error naming the file and the place inside it (path or line). */
  namedErrors: number;
  /** Refused, but the error does not say which file or where in it. */
  unnamedErrors: string[];
  /** An exception escaped the loader. */
  exceptions: string[];
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const WEIRD: Json[] = [
  null,
  0,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(20_000),
  true,
  [],
  {},
  [null],
  { '': null },
  '../../etc/passwd',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '💥',
  'NaN',
];

/** One random structural change somewhere in a parsed document. */
function mutate(doc: Json, r: Rng): Json {
  const containers: { parent: Json[] | { [k: string]: Json }; key: string | number }[] = [];
  const walk = (node: Json) => {
    if (Array.isArray(node))
      node.forEach((v, i) => {
        containers.push({ parent: node, key: i });
        walk(v);
      });
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        containers.push({ parent: node, key: k });
        walk(v);
      }
  };
  walk(doc);
  if (!containers.length) return r.pick(WEIRD);
  const { parent, key } = r.pick(containers);
  const p = parent as Record<string | number, Json>;
  const op = r.int(6);
  if (op === 0) {
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else delete p[key];
  } else if (op === 1) p[key] = r.pick(WEIRD);
  else if (op === 2)
    p[key] = typeof p[key] === 'string' ? Number(p[key]) || [p[key]] : String(JSON.stringify(p[key]));
  else if (op === 3 && Array.isArray(parent))
    parent.push(structuredClone(parent[key as number]!)); // duplicate (ids collide)
  else if (op === 4 && !Array.isArray(parent)) p[`${String(key)}_extra`] = r.pick(WEIRD);
  else p[key] = Array.isArray(p[key]) ? [] : { nested: p[key] ?? null };
  return doc;
}

/** Text-level damage: what a bad editor save, a truncated copy or a stray paste does. */
function damageText(text: string, r: Rng): string {
  const at = r.int(Math.max(1, text.length));
  switch (r.int(5)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return (
        text.slice(0, at) +
        r.pick(['\t', ': :', '- [', '{', '"', '\u0000', '\uFFFD', '&anchor', '*alias', '!!binary x']) +
        text.slice(at)
      );
    case 2:
      return text.slice(0, at) + text.slice(at + 1 + r.int(40));
    case 3:
      return Buffer.from(Buffer.from(text).map((b, i) => (i === at ? b ^ 0xff : b))).toString('latin1');
    default:
      return text + '\n' + text.slice(0, r.int(200));
  }
}

// A problem names its file, and its path inside it; an empty path is the whole document (e.g. "expected object").
const named = (p: Problem) => !!p.file && typeof p.path === 'string' && !!p.message;

function copyDir(from: string, to: string) {
  fs.cpSync(from, to, { recursive: true, filter: (src) => !src.includes(`${path.sep}repo.git`) });
}

/** Mutates the built-in team pack and labelling item sets `cases` times each; every load must end in data or a named error. */
export function fuzzPacks(appRoot: string, cases: number, seed: number): FuzzResult {
  const r = rng(seed);
  const out: FuzzResult = { cases: 0, loaded: 0, namedErrors: 0, unnamedErrors: [], exceptions: [] };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-torture-fuzz-'));
  try {
    const teamSrc = path.join(appRoot, 'studies/team-demo');
    const taskFiles = fs.readdirSync(path.join(teamSrc, 'tasks')).filter((f) => f.endsWith('.yaml'));
    const labelSrcs = ['judge-validation-demo', 'judge-validation-team-runs'].map((d) =>
      path.join(appRoot, 'studies', d),
    );
    for (let i = 0; i < cases; i++) {
      out.cases += 2;
      // A team pack with one damaged task file (or study.yaml).
      const pack = path.join(tmp, `team-${i}`);
      copyDir(teamSrc, pack);
      const target =
        r.next() < 0.85 ? path.join(pack, 'tasks', r.pick(taskFiles)) : path.join(pack, 'study.yaml');
      damageFile(target, r, 'yaml');
      try {
        const load = loadTeamPack(pack);
        if (load.problems.length === 0) out.loaded += 1;
        else if (load.problems.every(named)) out.namedErrors += 1;
        else
          out.unnamedErrors.push(
            `team ${path.relative(pack, target)}: ${JSON.stringify(load.problems.find((p) => !named(p)))}`,
          );
      } catch (err) {
        out.exceptions.push(
          `team ${path.relative(pack, target)}: ${(err as Error).stack?.split('\n').slice(0, 2).join(' ')}`,
        );
      }
      fs.rmSync(pack, { recursive: true, force: true });

      // A labelling study with a damaged item set, practice set or study.yaml.
      const src = r.pick(labelSrcs);
      const study = path.join(tmp, `labels-${i}`, path.basename(src));
      copyDir(src, study);
      const files = fs.readdirSync(study).filter((f) => f.endsWith('.jsonl') || f === 'study.yaml');
      const file = r.pick(files);
      damageFile(path.join(study, file), r, file.endsWith('.jsonl') ? 'jsonl' : 'yaml');
      try {
        const set = loadLabellingSet(`fuzz:${i}`, study);
        if (set.ok) out.loaded += 1;
        // describeProblem: "folder/file:line at path: message", "folder/file at path: …" or "folder/file: …".
        else if (set.error.message.includes(`${path.basename(study)}/`)) out.namedErrors += 1;
        else if (set.error.code === 'bad_request' && file === 'study.yaml')
          out.namedErrors += 1; // "is a team study, not labelling"
        else out.unnamedErrors.push(`labelling ${file}: ${set.error.message.split('\n')[0]}`);
      } catch (err) {
        out.exceptions.push(`labelling ${file}: ${(err as Error).stack?.split('\n').slice(0, 2).join(' ')}`);
      }
      fs.rmSync(path.dirname(study), { recursive: true, force: true });
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return out;
}

function damageFile(file: string, r: Rng, format: 'yaml' | 'jsonl') {
  const text = fs.readFileSync(file, 'utf8');
  if (r.next() < 0.3) return fs.writeFileSync(file, damageText(text, r));
  if (format === 'yaml') {
    let doc: Json;
    try {
      doc = YAML.parse(text) as Json;
    } catch {
      return fs.writeFileSync(file, damageText(text, r));
    }
    const times = 1 + r.int(3);
    for (let k = 0; k < times; k++) doc = mutate(doc, r);
    return fs.writeFileSync(file, YAML.stringify(doc));
  }
  const lines = text.split('\n').filter(Boolean);
  if (!lines.length) return fs.writeFileSync(file, damageText(text, r));
  const n = r.int(lines.length);
  lines[n] = JSON.stringify(mutate(JSON.parse(lines[n]!) as Json, r));
  fs.writeFileSync(file, lines.join('\n') + '\n');
}
