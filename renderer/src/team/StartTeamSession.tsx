import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../shared/contract/schemas';
import { api } from '../api/client';
import { useApp } from '../state/appStore';

type Version = 'alone' | 'control' | 'manipulation';
const versionHelp: Record<Version, string> = {
  alone: 'alone — all facts, no team',
  control: 'control — a calm teammate (the paper’s baseline)',
  manipulation: 'manipulation — the teammate creates the problem (the paper’s test)',
};

/**
 * The experimenter's pilot run: any task, version and seed. Its runs are recorded as `pilot` and written under
 * results/<study id>/excluded/pilot, never scored; participants are started from their links instead.
 */
export function StartTeamSession({ study }: { study: StudyDetail }) {
  const navigate = useApp((s) => s.navigate);
  const [taskId, setTaskId] = useState(study.tasks[0]?.id ?? '');
  const [version, setVersion] = useState<Version>('alone');
  const [seeds, setSeeds] = useState<Record<string, number[]>>({});
  const [seed, setSeed] = useState(0);
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
    void api()
      .teamVersions({ studyKey: study.key, taskId })
      .then((r) => {
        if (!r.ok) return setError(r.error.message);
        setSeeds(Object.fromEntries(r.value.map((v) => [v.version, v.seeds])));
      });
  }, [study.key, taskId]);
  const versionSeeds = seeds[version] ?? [];
  // The chosen seed, or the version's first when the choice is not one of its seeds.
  const runSeed = versionSeeds.includes(seed) ? seed : (versionSeeds[0] ?? 0);

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
        <label>
          Task
          <select value={taskId} onChange={(e) => setTaskId(e.target.value)}>
            {study.tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Version
          <select value={version} onChange={(e) => setVersion(e.target.value as Version)}>
            {(Object.keys(versionHelp) as Version[]).map((v) => (
              <option key={v} value={v}>
                {versionHelp[v]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Seed
          <select value={runSeed} onChange={(e) => setSeed(Number(e.target.value))}>
            {versionSeeds.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
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
