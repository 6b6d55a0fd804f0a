import type { AppServices } from '../app/appServices.js';
import { createRulesLabeller, type Labeller, type RaterEndpoint } from '../../shared/team/labeller/index.js';
import { createFileSecretStore } from '../secrets/fileSecretStore.js';
import { JUDGE_API_KEY, type SecretStore } from '../secrets/secretStore.js';
import { createChatClient } from './chatClient.js';
import { createPanelLabeller } from './panelLabeller.js';
import { readStudyPanel, type StudyPanel } from './studyPanel.js';
import { redactSecrets } from './redact.js';
import { consoleHubOf } from '../console/consoleOf.js';
import { createExperimenterLabeller } from '../console/experimenterLabeller.js';
import { readConsoleConfig } from '../console/studyConsole.js';
import { rulesUseOf } from '../study/rulesGate.js';
import { UNVALIDATED_RECORD } from './transcriptLabel.js';

/** Where a rater's key is kept: `default` is the judge key of Settings, `none` a local server, any other name its own entry. */
export function secretNameOf(key: string): string | null {
  if (key === 'none') return null;
  return key === 'default' ? JUDGE_API_KEY : `${JUDGE_API_KEY}.${key}`;
}

/**
 * The labeller a team study's sessions use, decided at each message: the study's judge panel only when the study has
 * a `labeller:` section AND Settings allow panels (no request leaves the machine otherwise); the rules labeller
 * in every other case. A panel whose study file no longer loads labels by rules and says so in the log.
 */
export function studyLabeller(
  s: AppServices,
  studyKey: string,
  secrets: SecretStore = s.options.secretStore ?? createFileSecretStore(s.options.dataDir),
  /** The session labelled: a study labelled by the experimenter's console queues its messages under it. */
  sessionId?: string,
): Labeller {
  const rules = rulesOfStudy(s, studyKey);
  // Read once per session, on its first message with panels allowed: a session keeps the panel it started with
  // (and finding the study in the library is the slow part of a label).
  let panel: Labeller | null | undefined;
  const panelOnce = (): Labeller | null => {
    if (panel !== undefined) return panel;
    const dir = s.library.dirOf(studyKey);
    const read = dir ? readStudyPanel(dir) : { panel: null, problems: [] };
    if (read.problems.length > 0) s.log.warn('judge panel not used: the study prompt does not load', { studyKey, problem: read.problems[0]?.message });
    return (panel = read.panel ? panelLabellerOf(s, studyKey, read.panel, secrets) : null);
  };
  // Settings first (a stat of their file, without a copy of them): the study's panel is read (its manifest parsed)
  // only once panels are allowed.
  const panelAllowed = () => (s.settings.read((x) => x.judge.panels) ? panelOnce() : null);
  // The console's setting is read once per session too; it needs no network, so Settings do not gate it.
  let byConsole: Labeller | null | undefined;
  const consoleOnce = (): Labeller | null => {
    if (byConsole !== undefined) return byConsole;
    const dir = sessionId ? s.library.dirOf(studyKey) : null;
    const config = dir ? readConsoleConfig(dir) : null;
    return (byConsole = config && sessionId ? createExperimenterLabeller({ hub: consoleHubOf(s), sessionId, config, rules, panel: panelAllowed }) : null);
  };
  return {
    source: 'llm',
    async label(request) {
      const experimenter = consoleOnce();
      if (experimenter) return experimenter.label(request);
      return (panelAllowed() ?? rules).label(request);
    },
  };
}

/** The panel of one study, its raters' keys read from the secret store now; the labeller's records are redacted. */
export function panelLabellerOf(s: AppServices, studyKey: string, study: StudyPanel, secrets: SecretStore): Labeller {
  const { config, template } = study;
  const keys: string[] = [];
  const rater = (e: RaterEndpoint) => {
    const name = secretNameOf(e.key);
    const apiKey = name ? (secrets.get(name) ?? '') : '';
    if (apiKey) keys.push(apiKey);
    // One retry per rater at the HTTP level: a slow endpoint must not hold the participant for long.
    const client = createChatClient({ baseUrl: e.base_url, model: e.model, apiKey }, { timeoutMs: e.timeout_ms, maxAttempts: 2, backoffMs: 250, maxRetryAfterMs: 2_000, temperature: e.temperature });
    return { model: e.model, client };
  };
  const panel = createPanelLabeller({
    raters: { referee: rater(config.referee), second: rater(config.second), third: rater(config.third) },
    template,
    fallback: config.fallback,
    rules: createRulesLabeller(),
    log: (line, data) => s.log.warn(line, { studyKey, ...redactSecrets(data, keys) }),
  });
  return {
    source: 'llm',
    async label(request) {
      const decision = await panel.label(request);
      // Belt and braces: the client redacts replies and errors; the stored record is redacted once more by structure.
      return { ...decision, raw: redactSecrets(decision.raw, keys) };
    },
  };
}

/**
 * The tasks' rules, as a study uses them: a label given by rules that were not validated on the task's label test
 * set says so in its record (`raw.rules_not_validated`), which the transcript's label carries as `why`. Which tasks
 * are validated is read once per session (the library's check of the pack is cached; finding it is not free).
 */
function rulesOfStudy(s: AppServices, studyKey: string): Labeller {
  const rules = createRulesLabeller();
  const unvalidated = new Map<string, boolean>();
  return {
    source: 'rules',
    async label(request) {
      const decision = await rules.label(request);
      const id = request.task.id;
      if (!unvalidated.has(id)) unvalidated.set(id, (rulesUseOf(s.library, studyKey, [id])?.unvalidated.length ?? 0) > 0);
      if (!unvalidated.get(id)) return decision;
      const raw = decision.raw !== null && typeof decision.raw === 'object' ? decision.raw : {};
      return { ...decision, raw: { ...raw, rules_not_validated: UNVALIDATED_RECORD } };
    },
  };
}
