import path from 'node:path';
import type { auditMethods } from '../../shared/contract/audit.js';
import type { AppHandlers, AppServices } from '../app/appServices.js';
import { rescoreStudy } from '../scoring/studyScoring.js';
import { auditServiceOf } from './auditService.js';
import { untilQuiet } from '../study/untilQuiet.js';

const QUIET_MS = 1_500;
const MAX_DEFER_MS = 10_000;

type AuditHandlers = Pick<AppHandlers, Exclude<keyof typeof auditMethods, 'auditorLink'>>;

/**
 * The audit's handlers (issue 27). Which scope may call them is decided in main/access/policy.ts: an auditor link
 * opens and labels its own queue only; the overview is the experimenter's.
 */
export function setupAuditHandlers(s: AppServices): AuditHandlers {
  const audit = auditServiceOf(s);
  // final_results.json names branch-disputed runs: scored again once the auditors pause (scoring takes hundreds of ms
  // on the host's one thread, which must not hold up the next label), and within MAX_DEFER_MS of a label at most.
  const pending = new Set<string>();
  let lastLabelAt = -Infinity;
  const rescoreLater = (sessionId: string) => {
    lastLabelAt = performance.now();
    const studyKey = s.database.eventLog?.getSession(sessionId)?.studyKey.replace(/^audit:/, '');
    if (!studyKey || pending.has(studyKey)) return;
    pending.add(studyKey);
    void untilQuiet({ lastAt: () => lastLabelAt, quietMs: QUIET_MS, maxMs: MAX_DEFER_MS }).then(() => {
      pending.delete(studyKey);
      if (!s.database.eventLog) return; // the app closed meanwhile
      const id = s.library.open(studyKey)?.id;
      if (!id) return;
      const done = rescoreStudy(s, studyKey, path.join(s.options.dataDir, 'results', id));
      if (done && !done.ok) s.log.warn('final_results.json not written after an audit', { studyKey, problem: done.message });
    }).catch((error: unknown) => s.log.error('rescoring after an audit failed', { studyKey, error: String(error) }));
  };
  return {
    auditOverview: ({ studyKey }) => audit.overview(studyKey),
    openAudit: ({ studyKey, auditor }) => audit.open(studyKey, auditor),
    giveAuditLabel: ({ sessionId, itemId, label, ms }) => {
      const done = audit.act(sessionId, { kind: 'label', itemId, label, ms });
      if (done.ok) rescoreLater(sessionId);
      return done.ok ? { ok: true, value: { answers: done.value.answers, lastAction: done.value.lastAction, progress: done.value.progress } } : done;
    },
    undoAuditLabel: ({ sessionId }) => {
      const done = audit.act(sessionId, { kind: 'undo' });
      if (done.ok && done.value.undone) rescoreLater(sessionId);
      return done;
    },
  };
}
