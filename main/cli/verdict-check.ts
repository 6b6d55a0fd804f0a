// Usage: npm run verdict-check [-- --pack <dir> …] [--task <task id> …] [--set <name>] [--explain]
//   (default: every team pack in studies/; the set in verdict-tests/ itself; --set reads verdict-tests/<name>/ instead;
//   --explain prints each mismatched run's transcript, labels included: for a set already used in development only)
// Plays every verdict test run (<pack>/verdict-tests/<task id>.yaml, studies/FORMAT-team.md "Verdict test runs")
// through the real HTTP API of a browser host on 127.0.0.1, as a person in the seat: a fresh session per run, the
// study's own labeller (its rules, offline), partners answering by their script (live partners stay off, as the
// app's Settings default them), each message after the previous one's replies are recorded, the answer at the end.
// Prints per task and version n, verdict accuracy and the confusion, each mismatched run by id and intent (never
// its text), and the library's overall accuracy. Exit 0 whatever the accuracy; 1 on bad input (a file that does not
// load, an unknown task or seat, a run the host refuses), each problem as `file:line path: message`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Problem } from '../../shared/problems.js';
import type { TaskVersion } from '../../shared/team/pack/schema.js';
import { formatVerdictProblem, loadVerdictTests, type VerdictTaskShape } from '../../shared/team/verdictTests/load.js';
import { verdictReportLines, type VerdictOutcome } from '../../shared/team/verdictTests/report.js';
import { VERDICT_TESTS_DIR, type VerdictRun } from '../../shared/team/verdictTests/schema.js';
import { isTeamPack } from '../team/pack/lintPack.js';
import { loadTeamPack } from '../team/pack/loadPack.js';
import { formatLocated } from '../team/pack/loadTask.js';
import { startTeamHttpHost } from '../testing/teamHttpHost.js';
import { teamPacksIn } from './lint-packs.js';
import { playVerdictRun } from './verdictCheck/playRun.js';

/** The repository's studies folder: its team packs are the host's built-in studies (`built-in:<folder>`). */
const BUILT_IN = path.resolve(import.meta.dirname, '../../studies');

interface QueuedRun {
  pack: string;
  studyKey: string;
  file: string;
  line: number | undefined;
  index: number;
  task: string;
  seed: number;
  run: VerdictRun;
}

export interface VerdictCheckResult {
  code: number;
  out: string[];
  err: string[];
  outcomes: VerdictOutcome[];
}

interface VerdictArgs {
  packs: string[];
  tasks: string[];
  /** A named set in verdict-tests/<set>/, or undefined for the files in verdict-tests/ itself. */
  set: string | undefined;
  explain: boolean;
  problems: string[];
}

function parseArgs(args: readonly string[]): VerdictArgs {
  const packs: string[] = [];
  const tasks: string[] = [];
  const problems: string[] = [];
  let set: string | undefined;
  let explain = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = args[i + 1];
    if (a === '--explain') explain = true;
    else if ((a === '--pack' || a === '--task' || a === '--set') && value !== undefined && !value.startsWith('--')) {
      if (a === '--set') {
        if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) set = value;
        else problems.push(`--set ${value}: expected a folder name in verdict-tests/ (lower-case words joined by "-")`);
      } else (a === '--pack' ? packs : tasks).push(value);
      i++;
    } else if (a === '--pack' || a === '--task' || a === '--set') problems.push(`${a}: expected a value after it`);
    else problems.push(`${a}: not an option of verdict-check (use --pack <dir>, --task <task id>, --set <name> and --explain)`);
  }
  return { packs, tasks, set, explain, problems };
}

/** A played transcript as lines a developer reads: who said what to whom, and each labelled message's label. */
function explainLines(transcriptPath: string): string[] {
  const t = JSON.parse(fs.readFileSync(transcriptPath, 'utf8')) as {
    messages: { from?: string; seat?: string; to?: string; content?: string; text?: string; round?: number }[];
    labels?: { message_index: number; final_label: string }[];
    score?: { outcome?: string };
  };
  const labelOf = new Map((t.labels ?? []).map((l) => [l.message_index, l.final_label]));
  const lines = t.messages.map((m, i) => {
    const who = m.from ?? m.seat ?? '?';
    const text = (m.content ?? m.text ?? '').replace(/\s+/g, ' ').slice(0, 160);
    const label = labelOf.get(i);
    return `    r${m.round ?? '?'} ${who}${m.to ? ` → ${m.to}` : ''}: ${text}${label !== undefined ? `   [${label}]` : ''}`;
  });
  return [...lines, `    outcome: ${t.score?.outcome ?? '?'}`];
}

export async function verdictCheckCommand(args: readonly string[], cwd = process.cwd()): Promise<VerdictCheckResult> {
  const { packs: packArgs, tasks: taskFilter, set, explain, problems: argProblems } = parseArgs(args);
  const err = [...argProblems];
  const rel = (p: string): string => path.relative(cwd, p) || '.';
  const packs = packArgs.length > 0 ? packArgs.map((d) => path.resolve(cwd, d)) : teamPacksIn(BUILT_IN);
  const queue: QueuedRun[] = [];
  const known = new Set<string>();
  for (const dir of packs) {
    if (!fs.existsSync(dir) || !isTeamPack(dir)) {
      err.push(`${rel(dir)}: not a team pack (expected a folder with a study.yaml of kind: team)`);
      continue;
    }
    const pack = loadTeamPack(dir);
    if (pack.problems.length > 0) {
      err.push(...pack.problems.map((p) => formatLocated({ ...p, file: rel(p.file) })));
      continue;
    }
    const tasks = new Map<string, VerdictTaskShape & { seeds: Record<TaskVersion, number> }>();
    for (const t of pack.tasks) {
      known.add(t.task.id);
      tasks.set(t.task.id, {
        id: t.task.id,
        versions: t.versions,
        seeds: { alone: t.versions.alone.seeds[0]!, control: t.versions.control.seeds[0]!, manipulation: t.versions.manipulation.seeds[0]! },
      });
    }
    const inBuiltIn = path.dirname(dir) === BUILT_IN;
    const studyKey = `${inBuiltIn ? 'built-in' : 'user'}:${path.basename(dir)}`;
    const vdir = path.join(dir, VERDICT_TESTS_DIR, ...(set !== undefined ? [set] : []));
    const names = fs.existsSync(vdir) ? fs.readdirSync(vdir).filter((n) => /\.ya?ml$/i.test(n)).sort() : [];
    for (const name of names) {
      const file = path.join(vdir, name);
      const taskId = name.replace(/\.ya?ml$/i, '');
      if (taskFilter.length > 0 && !taskFilter.includes(taskId)) continue;
      if (!name.endsWith('.yaml')) {
        err.push(formatVerdictProblem({ file: rel(file), path: '', message: 'a verdict test file is verdict-tests/<task id>.yaml' }));
        continue;
      }
      const loaded = loadVerdictTests(fs.readFileSync(file, 'utf8'), rel(file), tasks, taskId);
      if (!loaded.ok) {
        err.push(...loaded.problems.map(formatVerdictProblem));
        continue;
      }
      const shape = tasks.get(loaded.value.task)!;
      loaded.value.runs.forEach((run, index) =>
        queue.push({ pack: dir, studyKey, file: rel(file), line: loaded.runLines[index], index, task: shape.id, seed: shape.seeds[run.version], run }),
      );
    }
  }
  for (const id of taskFilter) if (!known.has(id)) err.push(`--task ${id}: no task of the packs read has this id`);
  if (err.length > 0) return { code: 1, out: [], err, outcomes: [] };
  if (queue.length === 0) return { code: 0, out: [`no verdict test runs found (${packs.map(rel).join(', ')}; expected ${VERDICT_TESTS_DIR}/<task id>.yaml)`], err, outcomes: [] };

  const outcomes: VerdictOutcome[] = [];
  const explained: string[] = [];
  const unplayed: Problem[] = [];
  const userStudies = [...new Set(queue.filter((q) => q.studyKey.startsWith('user:')).map((q) => q.pack))];
  const host = await startTeamHttpHost({ userStudies });
  try {
    for (const [n, q] of queue.entries()) {
      try {
        const played = await playVerdictRun(host, { studyKey: q.studyKey, taskId: q.task, participant: `VT${n + 1}`, seed: q.seed }, q.run);
        const notes: string[] = [];
        if (played.sent < q.run.messages.length) notes.push(`the run stopped taking messages after ${played.sent} of ${q.run.messages.length}`);
        if (q.run.answer !== undefined && !played.submitted) notes.push('the answer was never submitted (the run had ended)');
        outcomes.push({ task: q.task, version: q.run.version, id: q.run.id, intent: q.run.intent, expect: q.run.expect, got: played.got, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) });
        if (explain && played.got !== q.run.expect) explained.push(`${q.task} ${q.run.version} ${q.run.id}: expected ${q.run.expect}, got ${played.got}`, ...explainLines(played.transcriptPath));
      } catch (e) {
        unplayed.push({ file: q.file, path: `runs[${q.index}]`, line: q.line, message: `could not be played: ${(e as Error).message}` });
      }
    }
  } finally {
    await host.close();
  }
  return { code: unplayed.length > 0 ? 1 : 0, out: [...verdictReportLines(outcomes), ...explained], err: unplayed.map(formatVerdictProblem), outcomes };
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  void verdictCheckCommand(process.argv.slice(2)).then(({ code, out, err }) => {
    for (const line of out) console.log(line);
    for (const line of err) console.error(line);
    process.exitCode = code;
  });
}
