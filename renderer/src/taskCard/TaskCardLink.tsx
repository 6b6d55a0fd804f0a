import { useApp } from '../state/appStore';

/** A team task's id on the study screen, opening its card (experimenter only: the study screen is never a participant's). */
export function TaskCardLink({ studyKey, taskId }: { studyKey: string; taskId: string }) {
  const navigate = useApp((s) => s.navigate);
  return (
    <button className="link" onClick={() => navigate({ screen: 'task-card', studyKey, taskId })} aria-label={`Task card of ${taskId}`}>
      <code>{taskId}</code>
    </button>
  );
}
