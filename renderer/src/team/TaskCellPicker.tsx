import type { TaskVersion } from '../../../shared/team/pack/schema';

export const versionHelp: Record<TaskVersion, string> = {
  alone: 'alone — all facts, no team',
  control: 'control — a calm teammate (the paper’s baseline)',
  manipulation: 'manipulation — the teammate creates the problem (the paper’s test)',
};

export interface TaskCell {
  taskId: string;
  version: TaskVersion;
  /** The seed chosen, if any: the version's first is run when it is not one of the version's seeds. */
  seed: number | undefined;
}

/** The seed to run: the one chosen when the version has it, else the version's first. */
export const seedToRun = (seeds: readonly number[], seed: number | undefined): number | undefined =>
  seed !== undefined && seeds.includes(seed) ? seed : seeds[0];

/**
 * Task, version and seed pickers, for any run started from the study page (a pilot run, a model run). The parent
 * keeps the choice and supplies the chosen version's seeds.
 */
export function TaskCellPicker({
  tasks,
  seeds,
  value,
  onChange,
}: {
  tasks: ReadonlyArray<{ id: string; title: string }>;
  seeds: readonly number[];
  value: TaskCell;
  onChange: (next: TaskCell) => void;
}) {
  const seed = seedToRun(seeds, value.seed);
  return (
    <>
      <label>
        Task
        <select value={value.taskId} onChange={(e) => onChange({ ...value, taskId: e.target.value })}>
          {tasks.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Version
        <select value={value.version} onChange={(e) => onChange({ ...value, version: e.target.value as TaskVersion })}>
          {(Object.keys(versionHelp) as TaskVersion[]).map((v) => (
            <option key={v} value={v}>
              {versionHelp[v]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Seed
        <select value={seed ?? ''} onChange={(e) => onChange({ ...value, seed: Number(e.target.value) })}>
          {seeds.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
