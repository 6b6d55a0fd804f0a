import type { ImportProgressView } from '../../../../shared/contract/slack';

export function ImportProgressBar({ progress: p }: { progress: ImportProgressView }) {
  return (
    <div className="sk-progress">
      <progress max={Math.max(1, p.entriesTotal)} value={p.entriesDone} aria-label="Import progress" />
      <span className="muted small">
        {p.entriesDone} of {p.entriesTotal} export files read · {p.messages.toLocaleString()} messages
      </span>
    </div>
  );
}
