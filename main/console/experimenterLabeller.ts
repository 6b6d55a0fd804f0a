import { performance } from 'node:perf_hooks';
import type { ExperimenterLabellerConfig } from '../../shared/team/console/consoleSchema.js';
import type { LabelDecision, Labeller } from '../../shared/team/labeller/labeller.js';
import type { ConsoleHub } from './consoleHub.js';

/** What a label decided through the console records in `label_decided.raw.experimenter`. */
export interface ExperimenterRecord {
  /** The console that picked it; absent when the time ran out. */
  console?: string;
  timed_out: boolean;
  wait_ms: number;
  timeout_sec: number;
  on_timeout: ExperimenterLabellerConfig['on_timeout'];
}

/**
 * The experimenter labels each message of one session from the console. When nobody picks a label within the study's
 * timeout, `rules` and `panel` label it instead (`source` is then theirs, and `raw.experimenter.timed_out` says why);
 * `hold` waits for the experimenter however long it takes. Either way the wait is recorded apart from active time
 * (main/team/teamClock.ts reads `raw.experimenter`).
 */
export function createExperimenterLabeller(deps: {
  hub: ConsoleHub;
  sessionId: string;
  config: ExperimenterLabellerConfig;
  rules: Labeller;
  /** The study's fallback panel when Settings allow panels; null labels by rules. */
  panel: () => Labeller | null;
}): Labeller {
  const { hub, sessionId, config } = deps;
  return {
    source: 'experimenter',
    async label(request): Promise<LabelDecision> {
      const t0 = performance.now();
      const timeoutMs = config.on_timeout === 'hold' ? null : Math.round(config.timeout_sec * 1000);
      const message = { messageIndex: request.history.length, round: request.message.round, to: request.message.to, text: request.message.text };
      const outcome = await hub.ask(sessionId, message, request.task.labels.map((l) => l.id), timeoutMs);
      const record = (extra: Partial<ExperimenterRecord>): ExperimenterRecord => ({
        timed_out: outcome.by === 'timeout',
        wait_ms: Math.round(performance.now() - t0),
        timeout_sec: config.timeout_sec,
        on_timeout: config.on_timeout,
        ...extra,
      });
      if (outcome.by === 'experimenter') {
        return { label: outcome.label, source: 'experimenter', rule: 'console', raw: { experimenter: record({ console: outcome.consoleId }) } };
      }
      const fallback = (config.on_timeout === 'panel' ? deps.panel() : null) ?? deps.rules;
      const decided = await fallback.label(request);
      const raw = decided.raw !== null && typeof decided.raw === 'object' ? (decided.raw as Record<string, unknown>) : {};
      // The panel names its own rule (referee+second…); a rules label says it came in as the fallback.
      const rule = decided.source === 'rules' ? `fallback:${decided.rule ?? 'default'}` : decided.rule;
      return { ...decided, ...(rule ? { rule } : {}), raw: { ...raw, experimenter: record({}) } };
    },
  };
}
