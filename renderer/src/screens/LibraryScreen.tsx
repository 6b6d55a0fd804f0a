import { useApp } from '../state/appStore';
import { KindBadge, countLabel } from '../components/KindBadge';
import { Problems } from '../components/Problems';
import type { StudySummary } from '../../../shared/contract/schemas';
import { ReplayLinks } from '../replay/ReplayLinks';
import { PilotOnlyNote } from '../components/PilotOnly';

export function LibraryScreen() {
  const studies = useApp((s) => s.studies);
  const info = useApp((s) => s.info);
  const refresh = useApp((s) => s.refreshStudies);
  if (!studies) return <p className="muted">Loading studies…</p>;
  const ready = studies.filter((s) => s.problems.length === 0);
  const broken = studies.filter((s) => s.problems.length > 0);
  return (
    <section aria-labelledby="library-title">
      <div className="section-head">
        <h1 id="library-title">Study library</h1>
        <span className="lab-row">
          <ReplayLinks />
          <button onClick={() => void refresh()}>Rescan folders</button>
        </span>
      </div>
      <p className="muted">
        Built-in studies, and any study folder you put in <code>{info ? `${info.dataDir}/studies` : 'your data folder'}</code>.
      </p>
      {studies.length === 0 ? <p>No studies found.</p> : null}
      <ul className="study-list">
        {ready.map((s) => (
          <StudyRow key={s.key} study={s} />
        ))}
      </ul>
      {broken.length > 0 ? (
        <>
          <h2>Studies that need fixing</h2>
          <p className="muted">These packs did not pass validation. Fix the files named below, then rescan.</p>
          <ul className="study-list">
            {broken.map((s) => (
              <StudyRow key={s.key} study={s} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function StudyRow({ study }: { study: StudySummary }) {
  const open = useApp((s) => s.openStudy);
  const broken = study.problems.length > 0;
  return (
    <li className={`study-card${broken ? ' study-card-broken' : ''}`} data-study={study.key}>
      <div className="study-main">
        <div className="study-title-row">
          <KindBadge kind={study.kind} />
          <h3>{study.title}</h3>
        </div>
        {study.description ? <p className="study-desc">{study.description}</p> : null}
        <p className="muted small">
          {countLabel(study.kind, study.taskCount)} · {study.origin === 'built-in' ? 'built in' : 'your studies'} ·{' '}
          <code>{study.id ?? study.key}</code>
        </p>
        <Problems problems={study.problems} />
        {broken ? null : <PilotOnlyNote study={study} />}
        <UnvalidatedRules study={study} />
      </div>
      <button className="primary" onClick={() => void open(study.key)} aria-label={`Open ${study.title}`}>
        Open
      </button>
    </li>
  );
}

/** Team tasks whose keyword rules did not hold up on their label test sets (studies/FORMAT-team.md). */
export function UnvalidatedRules({ study }: { study: Pick<StudySummary, 'unvalidatedRules' | 'taskCount'> }) {
  const ids = study.unvalidatedRules ?? [];
  if (ids.length === 0) return null;
  return (
    <p className="rules-not-validated small" role="note">
      {ids.length === study.taskCount ? 'Every task' : `${ids.length} of ${study.taskCount ?? ids.length} tasks`} ({ids.join(', ')}): rules not
      validated: run it with the panel or the console.
    </p>
  );
}
