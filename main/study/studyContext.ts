import { fail, ok, type Result } from '../../shared/result.js';
import type { ParticipantState, StudyState } from '../../shared/study/fold.js';
import type { AppServices } from '../app/appServices.js';
import { RunSessionCache } from './runSessionCache.js';
import { loadProtocolSource, type StudyProtocolSource } from './protocolSource.js';
import type { ResultsWriter } from './resultsWriter.js';
import { StudyLogs } from './studyLog.js';
import { EnrolmentMap } from './enrolmentMap.js';
import type { ScreenContext } from './screens.js';

// Reloading hashes and parses the whole pack (hundreds of ms, on the one thread every participant shares), so a
// participant's screens reuse it for minutes; their plan was fixed from a fresh read when they started.
const SOURCE_TTL_MS = 300_000;

/** What every study operation works with: the app, the study logs and the results writer. */
export class StudyContext {
  readonly logs: StudyLogs;
  /** Run logs read for a participant's screen (did their run end?), caught up event by event, not replayed whole. */
  readonly runLogs = new RunSessionCache();
  /** Platform id → participant id of online enrolment: in the data folder only (enrolmentMap.ts). */
  readonly enrolmentMap: EnrolmentMap;
  /** participant id → study key: participant methods carry only the id. */
  private readonly located = new Map<string, string>();
  private readonly sources = new Map<string, { at: number; source: Result<StudyProtocolSource> }>();

  constructor(
    readonly s: AppServices,
    readonly writer: ResultsWriter,
  ) {
    this.logs = new StudyLogs(s);
    this.enrolmentMap = new EnrolmentMap(s.options.dataDir, (m) => s.log.warn(m));
  }

  /**
   * The study's protocol. Loading it hashes the whole pack (a Slack export included), so a participant's screens
   * reuse it for a few minutes; `fresh` (fixing a plan, the dashboard) always reads the pack as it is now.
   */
  source(studyKey: string, opts: { fresh?: boolean } = {}): Result<StudyProtocolSource> {
    const cached = this.sources.get(studyKey);
    if (!opts.fresh && cached && Date.now() - cached.at < SOURCE_TTL_MS) return cached.source;
    const source = loadProtocolSource(this.s, studyKey);
    this.sources.set(studyKey, { at: Date.now(), source });
    return source;
  }

  /** The participant's study and state, from the study logs. */
  locate(participantId: string): Result<{ studyKey: string; state: StudyState; p: ParticipantState }> {
    const known = this.located.get(participantId);
    // The study found last time is asked first and alone: listing every study costs a scan of the sessions.
    const keys = function* (this: StudyContext) {
      if (known) yield known;
      yield* this.logs.studyKeys().filter((k) => k !== known);
    }.call(this);
    for (const studyKey of keys) {
      const state = this.logs.state(studyKey);
      const p = state.participants.find((x) => x.id === participantId);
      if (p) {
        this.located.set(participantId, studyKey);
        return ok({ studyKey, state, p });
      }
    }
    return fail('not_found', 'This participant link is not known here. Please ask the experimenter.');
  }

  participant(studyKey: string, participantId: string): Result<{ state: StudyState; p: ParticipantState }> {
    const state = this.logs.state(studyKey);
    const p = state.participants.find((x) => x.id === participantId);
    return p ? ok({ state, p }) : fail('not_found', `Study ${studyKey} has no participant ${participantId}.`);
  }

  screenContext(source: StudyProtocolSource, p: ParticipantState): ScreenContext {
    const runCells = (p.plan?.steps ?? []).flatMap((st) => (st.kind === 'run' || st.kind === 'practice' ? [st.cell] : []));
    return {
      protocol: source.protocol,
      runTitle: (cell) => {
        const found = runCells.find((c) => c.cell === cell);
        if (found?.practice) return 'Practice';
        if (found?.kind === 'team') return source.taskTitles[found.taskId] ?? 'Task';
        return `Question ${runCells.filter((c) => !c.practice).findIndex((c) => c.cell === cell) + 1}`;
      },
    };
  }
}
