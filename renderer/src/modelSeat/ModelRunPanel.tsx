import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { modelSeatMethods } from '../../../shared/contract/modelSeat';
import { api } from '../api/client';
import { useApp } from '../state/appStore';
import { seedToRun, TaskCellPicker, type TaskCell } from '../team/TaskCellPicker';
import { useStudySectionLoading } from '../screens/studyPageReady';

type Options = z.infer<(typeof modelSeatMethods)['modelSeatOptions']['result']>;

/**
 * One model run from the study page: a model configured under `models:` in study.yaml plays any task, version and
 * seed through the same seat a person uses; the page then shows it playing. Its run is written under the model's
 * own folder in the study's results, beside a batch's (`npm run run-models`).
 */
export function ModelRunPanel({ studyKey }: { studyKey: string }) {
  const navigate = useApp((s) => s.navigate);
  const [options, setOptions] = useState<Options | undefined>();
  const [error, setError] = useState<string | undefined>();
  useStudySectionLoading(options === undefined && error === undefined);
  const [model, setModel] = useState('');
  const [cell, setCell] = useState<TaskCell>({ taskId: '', version: 'manipulation', seed: undefined });
  const { taskId, version } = cell;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api()
      .modelSeatOptions({ studyKey })
      .then((r) => {
        if (!r.ok) return setError(r.error.message);
        setOptions(r.value);
        setModel(r.value.models[0]?.name ?? '');
        setCell((c) => ({ ...c, taskId: r.value.tasks[0]?.taskId ?? '' }));
      });
  }, [studyKey]);

  if (!options) return <p className="muted small">{error ? `Model runs: ${error}` : 'Model runs: reading the study’s models…'}</p>;
  const seeds =
    options.tasks.find((t) => t.taskId === taskId)?.versions.find((v) => v.version === version)?.seeds ?? [];
  const runSeed = seedToRun(seeds, cell.seed);
  const chosen = options.models.find((m) => m.name === model);

  const start = async () => {
    if (runSeed === undefined) return;
    setBusy(true);
    setError(undefined);
    const r = await api().modelSeatStart({ studyKey, model, taskId, version, seed: runSeed });
    setBusy(false);
    if (r.ok) navigate({ screen: 'model-seat', sessionId: r.value.sessionId });
    else setError(r.error.message);
  };

  return (
    <form
      className="start-panel"
      aria-label="Model run"
      onSubmit={(e) => {
        e.preventDefault();
        void start();
      }}
    >
      <h2>Model run</h2>
      {options.models.length === 0 ? (
        <p className="muted small">
          No models are configured. Add a <code>models:</code> section to this study&apos;s study.yaml (an
          OpenAI-compatible endpoint: a hosted API, llama.cpp or Ollama), then a model plays any task here, or
          all of them with <code>npm run run-models</code>.
        </p>
      ) : (
        <>
          <p className="muted small">
            A configured model takes the seat of any task, version and seed, through the same engine, labeller
            and checker as a person. You watch it play; its run is written under the model&apos;s own folder
            in the results.
          </p>
          <div className="start-grid">
            <label>
              Model
              <select value={model} onChange={(e) => setModel(e.target.value)}>
                {options.models.map((m) => (
                  <option key={m.name} value={m.name}>
                    {m.name} ({m.model})
                  </option>
                ))}
              </select>
            </label>
            <TaskCellPicker tasks={options.tasks.map((t) => ({ id: t.taskId, title: t.title }))} seeds={seeds} value={cell} onChange={setCell} />
          </div>
          {chosen && !chosen.ready ? (
            <p className="error-text" role="alert">
              {chosen.name} needs its key in the environment variable {chosen.keyEnv}, which is not set where
              Teamseat runs.
            </p>
          ) : null}
          {error ? (
            <p className="error-text" role="alert">
              {error}
            </p>
          ) : null}
          <button
            className="primary"
            type="submit"
            disabled={busy || !chosen?.ready || runSeed === undefined}
          >
            Start model run
          </button>
        </>
      )}
    </form>
  );
}
