import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { seedToRun, TaskCellPicker, type TaskCell } from './TaskCellPicker';

/**
 * The experimenter's pilot run: any task, version and seed. Its runs are recorded as `pilot` and written under
 * results/<study id>/excluded/pilot, never scored; participants are started from their links instead.
 */
export function StartTeamSession({ study }: { study: StudyDetail }) {
  const navigate = useApp((s) => s.navigate);
  const [cell, setCell] = useState<TaskCell>({ taskId: study.tasks[0]?.id ?? '', version: 'alone', seed: undefined });
  const { taskId, version } = cell;
  // Keyed by the task they answer for: until the chosen task's own answer comes, it has no seeds.
  const [seeds, setSeeds] = useState<{ taskId: string; byVersion: Record<string, number[]> } | undefined>();
  const [participant, setParticipant] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api()
      .getSettings({})
      .then((r) => r.ok && setParticipant((p) => p || `${r.value.participantPrefix}01`));
  }, []);
  useEffect(() => {
    if (!taskId) return;
    // An answer for a task chosen before is dropped (a late answer for the first task once started a run of another
    // task with the first one's seed).
    let current = true;
    void api()
      .teamVersions({ studyKey: study.key, taskId })
      .then((r) => {
        if (!current) return;
        if (!r.ok) return setError(r.error.message);
        setSeeds({ taskId, byVersion: Object.fromEntries(r.value.map((v) => [v.version, v.seeds])) });
      });
    return () => {
      current = false;
    };
  }, [study.key, taskId]);
  const versionSeeds = seeds?.taskId === taskId ? (seeds.byVersion[version] ?? []) : [];
  const runSeed = seedToRun(versionSeeds, cell.seed) ?? 0;

  const start = async () => {
    setBusy(true);
    setError(undefined);
    const r = await api().teamStart({ studyKey: study.key, taskId, participant: participant.trim(), version, seed: runSeed });
    setBusy(false);
    if (r.ok) navigate({ screen: 'team', sessionId: r.value.sessionId });
    else setError(r.error.message);
  };

  return (
    <form
      className="start-panel"
      aria-label="Pilot run"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <h2>Pilot run (not counted)</h2>
      <p className="muted small">
        Try any task, version and seed yourself. Pilot runs are kept under <code>excluded/pilot</code> in the study&apos;s
        results and never scored. Participants start from their own link under Participants.
      </p>
      <div className="start-grid">
        <TaskCellPicker tasks={study.tasks} seeds={versionSeeds} value={cell} onChange={setCell} />
        <label>
          Participant id
          <input value={participant} onChange={(e) => setParticipant(e.target.value)} placeholder="e.g. P07" />
        </label>
      </div>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <button className="primary" type="submit" disabled={busy || !participant.trim() || versionSeeds.length === 0}>
        Start pilot run
      </button>
    </form>
  );
}
