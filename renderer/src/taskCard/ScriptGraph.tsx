import type { TaskCard } from '../../../shared/team/pack/taskCard';

type Script = TaskCard['scripts'][number];

/** A scripted teammate's script as a graph: each line, and for each label of the participant's reply where it leads. */
export function ScriptGraph({ script }: { script: Script }) {
  const title = `${script.seat} — ${script.version}`;
  return (
    <figure className="script-graph" aria-label={`Script of ${title}`}>
      <figcaption>
        <strong>{title}</strong> <span className="muted small">(no reply to this seat → {script.noReply}; when finished: {script.final})</span>
      </figcaption>
      <ol>
        {script.lines.map((line) => (
          <li key={line.id} id={`line-${script.version}-${script.seat}-${line.id}`}>
            <div className="line-node">
              <code>{line.id}</code> <span className="muted small">[{line.traced}]</span>
              <p>{line.text}</p>
            </div>
            <ul className="edges" aria-label={`After ${line.id}`}>
              {line.edges.map((e) => (
                <li key={`${e.kind}/${e.to}`} className={`edge edge-${e.kind}`}>
                  <span className="edge-labels">{e.labels.join(', ')}</span> → {e.kind === 'line' ? <code>{e.to}</code> : e.to}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </figure>
  );
}
