import type { StudySummary } from '../../../shared/contract/schemas';

/**
 * A team or Slack pack without a `protocol:` is a task library: its tasks are tried as pilot runs, and it has no
 * participants, dashboard or results to show (the same words as `npm run validate-pack`).
 */
export function PilotOnlyNote({ study, detailed = false }: { study: Pick<StudySummary, 'pilotOnly' | 'kind'>; detailed?: boolean }) {
  if (!study.pilotOnly) return null;
  const units = study.kind === 'slack' ? 'query' : 'task';
  return (
    <p className="pilot-only small" role="note">
      <strong>Task library: pilot runs only.</strong> It has no <code>protocol:</code> section, so no participants,
      dashboard or results.
      {detailed ? (
        <>
          {' '}
          Start any {units} below as a pilot run (kept under <code>excluded/pilot</code>, never scored), or name these
          {units === 'task' ? ' tasks' : ' queries'} in a study with a protocol to run participants (
          <code>studies/FORMAT-study.md</code>).
        </>
      ) : null}
    </p>
  );
}
