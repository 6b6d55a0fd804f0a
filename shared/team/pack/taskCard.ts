import { z } from 'zod';
import { splitRuleInWords } from './labelSplitSchema.js';
import type { ResolvedTask } from './resolve.js';
import { transitionTarget } from './scriptGraph.js';
import { dimensions, taskVersions } from './schema.js';
import { cardLabelTestsOf, cardLabelTestsSchema } from '../labelTests/cardSchema.js';
import type { RulesStatus } from '../labelTests/rulesStatus.js';
import type { CheckRule, DeclaredPath, PathTurn, ScriptedSeat, TaskVersion, TeamTask, Transition } from './schema.js';

const text = z.string();
const edgeSchema = z.strictObject({ labels: z.array(text), to: text, kind: z.enum(['line', 'give_way', 'action', 'finish']) });
const cardPathSchema = z.strictObject({ note: text.nullable(), turns: z.array(text), outcome: text.nullable() });

/** What an experimenter reads about one task (never sent to a participant: see main/access/policy.ts). */
export const taskCardSchema = z.strictObject({
  id: text,
  title: text,
  dimension: z.enum(dimensions),
  rounds: z.number(),
  source: z.strictObject({ citation: text, licence: text, url: text.nullable(), fictional: text }),
  provenance: z.array(z.strictObject({ id: text, record: text, where: text, url: text.nullable(), quote: text.nullable() })),
  goodTeammate: text.nullable(),
  versions: z.array(
    z.strictObject({
      version: z.enum(taskVersions),
      note: text.nullable(),
      seeds: z.array(z.number()),
      seats: z.array(z.strictObject({ name: text, kind: text, role: text })),
      changes: z.array(text),
      paths: z.strictObject({ pass: cardPathSchema, fail: cardPathSchema }).nullable(),
      /** This version's checker (a version may have its own) and the text of each fact it names. */
      checker: z.strictObject({ words: text, pass: text, fail: text, facts: z.array(z.strictObject({ id: text, text: text })) }),
    }),
  ),
  labels: z.array(
    z.strictObject({
      id: text,
      definition: text,
      default: z.boolean(),
      /** The rules labeller's own rules, in the order they are tried within the label. */
      rules: z.array(
        z.strictObject({ id: text, priority: z.number(), keywords: z.array(text), regex: z.array(text), split: text.nullable(), unlessKeywords: z.array(text), unlessRegex: z.array(text) }),
      ),
    }),
  ),
  /** The rules labeller on the task's label test set; null when the task has none. */
  labelTests: cardLabelTestsSchema.nullable(),
  checker: z.strictObject({ words: text, pass: text, fail: text }),
  scripts: z.array(
    z.strictObject({
      version: z.enum(taskVersions),
      seat: text,
      lines: z.array(z.strictObject({ id: text, text: text, traced: text, edges: z.array(edgeSchema) })),
      noReply: text,
      final: text,
    }),
  ),
});
export type TaskCard = z.infer<typeof taskCardSchema>;
type Edge = z.infer<typeof edgeSchema>;

export function buildTaskCard(task: TeamTask, versions: Record<TaskVersion, ResolvedTask>, rules: RulesStatus | null = null): TaskCard {
  const base = task.seats.map((s) => s.name);
  return {
    id: task.id,
    title: task.title,
    dimension: task.dimension,
    rounds: task.rounds,
    source: { citation: task.source.citation, licence: task.source.licence, url: task.source.url ?? null, fictional: task.source.fictional },
    provenance: task.provenance.map((p) => ({ id: p.id, record: p.record, where: p.where, url: p.url ?? null, quote: p.quote ?? null })),
    goodTeammate: task.good_teammate ?? null,
    versions: taskVersions.map((version) => {
      const v = versions[version];
      const o = task.versions[version];
      const changes = [
        ...o.remove_seats.map((n) => `without ${n}`),
        ...o.seats.map((p) => (base.includes(p.name) ? `${p.name}: ${Object.keys(p).filter((k) => k !== 'name').join(', ')} replaced` : `adds ${p.name}`)),
        ...Object.keys(o.workspace ?? {}).map((k) => `workspace ${k} replaced`),
        ...(o.checker ? ['its own checker'] : []),
        ...(o.rounds !== undefined ? [`${o.rounds} rounds`] : []),
        ...(o.inherited ? ['its own inherited session'] : []),
      ];
      const paths = task.paths?.[version];
      return {
        version,
        note: o.note ?? null,
        seeds: v.seeds,
        seats: v.seats.map((s) => ({ name: s.name, kind: s.kind, role: s.role })),
        changes: changes.length > 0 ? changes : ['the task as written'],
        paths: paths ? { pass: cardPath(paths.pass), fail: cardPath(paths.fail) } : null,
        checker: { words: ruleInWords(v.checker.pass_when), pass: v.checker.outcomes.pass, fail: v.checker.outcomes.fail, facts: factsNamed(v) },
      };
    }),
    labels: task.labels.map((l) => ({
      id: l.id,
      definition: l.definition,
      default: l.default,
      rules: l.rules.map((r, j) => ({
        id: r.id ?? `${l.id}#${j + 1}`,
        priority: r.priority,
        keywords: r.keywords,
        regex: r.regex,
        split: r.split ? splitRuleInWords(r.split) : null,
        unlessKeywords: r.unless_keywords,
        unlessRegex: r.unless_regex,
      })),
    })),
    labelTests: rules && rules.measure ? cardLabelTestsOf(rules) : null,
    checker: { words: ruleInWords(task.checker.pass_when), pass: task.checker.outcomes.pass, fail: task.checker.outcomes.fail },
    scripts: taskVersions.flatMap((version) => {
      const labels = task.labels.map((l) => l.id);
      return versions[version].seats
        .filter((s): s is ScriptedSeat => s.kind === 'scripted')
        .map((seat) => ({
          version,
          seat: seat.name,
          lines: seat.script.lines.map((line, i) => ({
            id: line.id,
            text: line.text,
            traced: line.source ? `source ${line.source}` : line.fictional ? 'fictional' : 'not traced',
            edges: groupEdges(labels.map((label) => [label, edgeOf(seat, i, line.on[label] ?? 'next')] as const)),
          })),
          noReply: describe(edgeOf(seat, 0, seat.script.no_reply)),
          final: typeof seat.script.final === 'string' ? seat.script.final : 'say' in seat.script.final ? `say "${seat.script.final.say}"` : `action ${seat.script.final.action.do}`,
        }));
    }),
  };
}

/** The facts a version's checker names (`message_mentions: { facts }`), with their text from the version's seats. */
function factsNamed(v: ResolvedTask): Array<{ id: string; text: string }> {
  const ids = new Set<string>();
  const visit = (r: CheckRule): void => {
    if ('all' in r) r.all.forEach(visit);
    else if ('any' in r) r.any.forEach(visit);
    else if ('not' in r) visit(r.not);
    else if ('message_mentions' in r) for (const f of r.message_mentions.facts ?? []) ids.add(f);
  };
  visit(v.checker.pass_when);
  const facts = v.seats.flatMap((s) => ('facts' in s ? (s.facts ?? []) : []));
  return [...ids].map((id) => ({ id, text: facts.find((f) => f.id === id)?.text ?? '(no fact with this id in this version)' }));
}

function cardPath(p: DeclaredPath): z.infer<typeof cardPathSchema> {
  return { note: p.note ?? null, turns: p.turns.map(turnInWords), outcome: p.outcome ?? null };
}

export function turnInWords(t: PathTurn): string {
  if ('say' in t) return `says to ${t.to}: "${t.say}"`;
  if ('tool' in t) return `${t.tool}${Object.keys(t.input).length > 0 ? ` ${JSON.stringify(t.input)}` : ''}`;
  if ('edit' in t) return t.content !== undefined ? `rewrites ${t.edit}` : `edits ${t.edit}: "${t.replace!.find}" → "${t.replace!.with}"`;
  if ('submit' in t) return `submits ${typeof t.submit === 'string' ? `"${t.submit}"` : JSON.stringify(t.submit)}`;
  return 'accepts the proposed deal';
}

function edgeOf(seat: ScriptedSeat, index: number, t: Transition): Omit<Edge, 'labels'> {
  const target = transitionTarget(seat.script, index, t);
  if (typeof target === 'number') return { to: seat.script.lines[target]!.id, kind: 'line' };
  if (typeof t === 'object' && 'give_way' in t) return { to: `gives way (${t.give_way.what.replace('_', ' ')})${t.give_way.fact ? `: ${t.give_way.fact}` : ''}`, kind: 'give_way' };
  if (typeof t === 'object' && 'action' in t) return { to: `does ${t.action.do.replace('_', ' ')}`, kind: 'action' };
  return { to: 'script finished', kind: 'finish' };
}

const describe = (e: Omit<Edge, 'labels'>): string => (e.kind === 'line' ? `line ${e.to}` : e.to);

/** One edge per target, with every label that leads there. */
function groupEdges(edges: ReadonlyArray<readonly [string, Omit<Edge, 'labels'>]>): Edge[] {
  const out: Edge[] = [];
  for (const [label, e] of edges) {
    const same = out.find((o) => o.to === e.to && o.kind === e.kind);
    if (same) same.labels.push(label);
    else out.push({ ...e, labels: [label] });
  }
  return out;
}

/** The checker's rule as a sentence for the card. */
export function ruleInWords(rule: CheckRule): string {
  if ('all' in rule) return `all of: ${rule.all.map(ruleInWords).join('; ')}`;
  if ('any' in rule) return `any of: ${rule.any.map(ruleInWords).join('; ')}`;
  if ('not' in rule) return `not (${ruleInWords(rule.not)})`;
  if ('answer_equals' in rule) return `the submitted answer${rule.answer_equals.field ? `'s ${rule.answer_equals.field}` : ''} is "${String(rule.answer_equals.value)}"`;
  if ('file_unchanged' in rule) return `${rule.file_unchanged.path} is unchanged`;
  if ('file_contains' in rule) return `${rule.file_contains.path} contains ${rule.file_contains.text !== undefined ? `"${rule.file_contains.text}"` : `/${rule.file_contains.regex}/`}`;
  if ('file_not_contains' in rule) return `${rule.file_not_contains.path} does not contain ${rule.file_not_contains.text !== undefined ? `"${rule.file_not_contains.text}"` : `/${rule.file_not_contains.regex}/`}`;
  if ('hidden_tests_pass' in rule) return rule.hidden_tests_pass.tests ? `hidden tests ${rule.hidden_tests_pass.tests.join(', ')} pass` : 'every hidden test passes';
  if ('message_mentions' in rule) {
    const m = rule.message_mentions;
    const what = [...(m.facts ?? []).map((f) => `fact ${f}`), ...(m.keywords ?? []).map((k) => `"${k}"`), ...(m.regex ?? []).map((r) => `/${r}/`)];
    return `${m.from ?? 'the participant'} tells ${m.to} ${m.require === 'any' ? 'any' : 'all'} of ${what.join(', ')}`;
  }
  return `a deal with ${rule.deal.counterpart} with the best joint points (the participant values ${rule.deal.evaluated_values.High} > ${rule.deal.evaluated_values.Medium} > ${rule.deal.evaluated_values.Low}; ${rule.deal.counterpart} ${rule.deal.counterpart_values.High} > ${rule.deal.counterpart_values.Medium} > ${rule.deal.counterpart_values.Low})`;
}
