import type { Problem } from '../../../shared/problems';

/** A pack's problems, each naming the file, the place inside it and what was expected. */
export function Problems({ problems }: { problems: Problem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="problems" aria-label="Problems">
      {problems.map((p, i) => (
        <li key={i}>
          <code>
            {p.file}
            {p.line ? `:${p.line}` : ''}
          </code>
          {p.path ? (
            <>
              {' '}
              at <code>{p.path}</code>
            </>
          ) : null}
          : {p.message}
        </li>
      ))}
    </ul>
  );
}
