import { toCsv } from '../../shared/comparison/csv.js';
import { SINGLE_GRADER } from '../../shared/judge/grades.js';
import { currentGrade, foldRun, RUN_STARTED, timeOnTaskOf } from '../slackSeat/runLog.js';
import type { BundleRun, BundleSource } from './collect.js';
import { AUDIT_COLUMNS } from '../audit/auditTable.js';

/**
 * The bundle's tidy tables for R and pandas (one row per run, labelled message, tool call, questionnaire answer and
 * pause), with the codebook naming every column. Built from the same files and logs the bundle carries.
 */
type Cell = string | number | boolean | null | undefined;
type Row = Record<string, Cell>;

export const CODEBOOK: Record<string, { file: string; about: string; columns: Record<string, string> }> = {
  runs: {
    file: 'tables/runs.csv',
    about:
      'One row per run session of the study (team and Slack), counted or excluded. Demo sessions are never included.',
    columns: {
      run_id: 'The run session id (also events/<run_id>.jsonl).',
      seat: 'team or slack.',
      participant:
        'Participant code (with the station id when generated); for a pilot, the name typed at its start.',
      participant_id: 'Opaque participant id from the study log; empty for a pilot.',
      cell: 'Plan cell id (c1, c2, …) the run played; empty for a pilot.',
      attempt: 'Attempt number of that cell (a deliberate rerun is 2, 3, …).',
      practice: 'true for a practice task (never scored).',
      counted:
        'true when this run is the counted run of its cell (it is then in results/transcripts or results/slack).',
      exclusion: 'Why it does not count: pilot, void, withdrawn, practice or superseded; empty when counted.',
      study_version:
        "Content hash of the study pack the participant's plan was built from; empty for a pilot.",
      task: 'Team task id (the benchmark scenario) or Slack query id.',
      version: 'Team task version: alone, control or manipulation; empty for Slack.',
      seed: 'Team task seed; empty for Slack.',
      started_at: 'When the run session was created (ISO 8601, UTC).',
      ended_how: 'How the run ended (submitted, time_limit, rounds, …); empty when it never ended.',
      pass: 'Team: score.pass of the transcript. Slack: reward ≥ 0.5 of the graded trial. Empty when not scored.',
      outcome: 'Team: score.outcome. Slack: the reward. Empty when not scored.',
      active_ms:
        "Active time in milliseconds, pauses and downtime excluded. Team: timing.active_ms. Slack: the run's clock at the answer (the trial's agent_result.metadata.teamseat.active_ms); empty before an answer.",
      files: 'The run\'s files inside results/ in this bundle, separated by ";".',
    },
  },
  messages: {
    file: 'tables/messages.csv',
    about: "One row per labelled participant message in a team run (the transcript's labels[]).",
    columns: {
      run_id: 'The run.',
      participant: 'Participant code.',
      task: 'Team task id.',
      version: 'alone, control or manipulation.',
      message_index: "Index into the transcript's messages[].",
      round: 'Round the message was sent in.',
      text: 'The message text (after the redactions listed in manifest.json).',
      final_label: 'The label that counts.',
      label_source: 'Who decided it: rules, experimenter or llm.',
      raters: 'Every rater\'s label, as rater=label separated by ";".',
    },
  },
  tool_calls: {
    file: 'tables/tool_calls.csv',
    about:
      "One row per tool call: team runs from the transcript's tool_calls[], Slack runs from the run log's actions.",
    columns: {
      run_id: 'The run.',
      participant: 'Participant code.',
      seat: 'team or slack.',
      index: '0-based position of the call in its run.',
      round: 'Team: the round; empty for Slack.',
      at: 'Slack: when it was done (ISO 8601); empty for team.',
      tool: 'Tool name (benchmark or SlackBench names).',
      input: "The call's arguments as JSON.",
      result_head: 'The start of what the tool returned (as the person saw it).',
    },
  },
  answers: {
    file: 'tables/answers.csv',
    about:
      'One row per answered question (screener, manipulation check, exit questionnaire), from the study log.',
    columns: {
      participant: 'Participant code.',
      participant_id: 'Opaque participant id.',
      step: 'Plan step index the screen was at.',
      screen: 'screener, manipulation_check or questionnaire.',
      question: 'Question id from the protocol.',
      answer: 'Likert point or choice index as a number, several choices as JSON, free text as text.',
    },
  },
  pauses: {
    file: 'tables/pauses.csv',
    about: 'One row per pause of a run (typed reasons; a crash is a pause with reason crash).',
    columns: {
      run_id: 'The run.',
      participant: 'Participant code.',
      seat: 'team or slack.',
      at: 'When the pause began (ISO 8601).',
      resumed_at: 'When it ended; empty when the run ended paused.',
      reason: 'The reason given.',
    },
  },
  audit: {
    file: 'tables/audit.csv',
    about:
      "One row per auditor's label of a label that decided a scripted teammate's branch (the label audit), beside the labeller's. The auditors' own logs are under events/.",
    columns: AUDIT_COLUMNS,
  },
};

interface TeamFile {
  score?: { pass?: boolean; outcome?: string };
  timing?: { active_ms?: number; pauses?: Array<{ at: string; resumed_at: string | null; reason: string }> };
  messages?: Array<{ round: number; seat: string; text: string }>;
  tool_calls?: Array<{ round: number; name: string; input: unknown; result_head: string }>;
  labels?: Array<{
    message_index: number;
    round: number;
    raters: Array<{ rater: string; label: string | null }>;
    final_label: string;
    source: string;
  }>;
}

export function teamFileOf(src: BundleSource, run: BundleRun): TeamFile | null {
  const rel = run.files.find((f) => f.endsWith('.json'));
  const buf = rel ? src.results.get(rel) : undefined;
  if (!buf || run.seat !== 'team') return null;
  try {
    return JSON.parse(buf.toString('utf8')) as TeamFile;
  } catch {
    return null;
  }
}

export function tidyTables(src: BundleSource): Record<string, string> {
  const runs: Row[] = [];
  const messages: Row[] = [];
  const tools: Row[] = [];
  const pauses: Row[] = [];
  const events = new Map(src.sessions.map((s) => [s.id, s.events]));
  for (const run of src.runs) {
    const base = { run_id: run.run_id, participant: run.participant };
    let pass: boolean | null = null;
    let outcome: string | null = null;
    let active: number | null = null;
    if (run.seat === 'team') {
      const t = teamFileOf(src, run);
      pass = t?.score?.pass ?? null;
      outcome = t?.score?.outcome ?? null;
      active = t?.timing?.active_ms ?? null;
      for (const l of t?.labels ?? []) {
        messages.push({
          ...base,
          task: run.task,
          version: run.version,
          message_index: l.message_index,
          round: l.round,
          text: t?.messages?.[l.message_index]?.text ?? '',
          final_label: l.final_label,
          label_source: l.source,
          raters: l.raters.map((r) => `${r.rater}=${r.label ?? ''}`).join(';'),
        });
      }
      (t?.tool_calls ?? []).forEach((c, index) =>
        tools.push({
          ...base,
          seat: 'team',
          index,
          round: c.round,
          at: null,
          tool: c.name,
          input: JSON.stringify(c.input),
          result_head: c.result_head,
        }),
      );
      for (const p of t?.timing?.pauses ?? [])
        pauses.push({ ...base, seat: 'team', at: p.at, resumed_at: p.resumed_at, reason: p.reason });
    } else {
      const stored = events.get(run.run_id) ?? [];
      const state = stored[0]?.kind === RUN_STARTED ? foldRun(stored) : null;
      const grade = state ? currentGrade(state, src.grading ?? SINGLE_GRADER) : null;
      if (state?.answer) active = timeOnTaskOf(state).activeMs;
      const reward = grade?.outcome.status === 'judged' ? grade.outcome.verdict.reward : undefined;
      if (typeof reward === 'number') {
        pass = reward >= 0.5;
        outcome = String(reward);
      }
      (state?.actions ?? []).forEach((a, index) =>
        tools.push({
          ...base,
          seat: 'slack',
          index,
          round: null,
          at: a.at,
          tool: a.tool,
          input: JSON.stringify(a.arguments),
          result_head: a.resultHead ?? '',
        }),
      );
      for (const p of state?.pauses ?? [])
        pauses.push({ ...base, seat: 'slack', at: p.at, resumed_at: p.resumedAt, reason: p.reason });
    }
    runs.push({ ...run, files: run.files.join(';'), pass, outcome, active_ms: active });
  }
  const answers: Row[] = [];
  for (const p of src.state.participants) {
    for (const [step, byQuestion] of Object.entries(p.answers)) {
      const kind = p.plan?.steps[Number(step)]?.kind ?? '';
      for (const [question, answer] of Object.entries(byQuestion)) {
        answers.push({
          participant: p.code,
          participant_id: p.id,
          step: Number(step),
          screen: kind,
          question,
          answer: Array.isArray(answer) ? JSON.stringify(answer) : answer,
        });
      }
    }
  }
  const cols = (k: string) => Object.keys(CODEBOOK[k]!.columns);
  return {
    'tables/runs.csv': toCsv(cols('runs'), runs),
    'tables/messages.csv': toCsv(cols('messages'), messages),
    'tables/tool_calls.csv': toCsv(cols('tool_calls'), tools),
    'tables/answers.csv': toCsv(cols('answers'), answers),
    'tables/pauses.csv': toCsv(cols('pauses'), pauses),
    'tables/audit.csv': toCsv(cols('audit'), src.audit ?? []),
  };
}
