import type { StudyKind } from '../../../shared/studies/manifest';

const labels: Record<StudyKind, string> = { team: 'Team', slack: 'Slack', labelling: 'Labelling' };
const units: Record<StudyKind, [string, string]> = {
  team: ['task', 'tasks'],
  slack: ['query', 'queries'],
  labelling: ['item', 'items'],
};

export function KindBadge({ kind }: { kind: StudyKind | null }) {
  return <span className={`badge badge-${kind ?? 'invalid'}`}>{kind ? labels[kind] : 'Invalid'}</span>;
}

export function countLabel(kind: StudyKind | null, n: number | null): string {
  if (kind === null || n === null) return '—';
  const [one, many] = units[kind];
  return `${n} ${n === 1 ? one : many}`;
}
