import type { MyGrade } from '../../../../shared/contract/slack';

const verdictText = (g: MyGrade['grade']) => (g.items ? `${g.items.filter(Boolean).length} of ${g.items.length} met` : g.pass ? 'YES — passes' : 'NO — fails');

/** The grader's own grades, newest first, each with a way to revise it. Nobody else's grade is ever here. */
export function MyGrades({ grades, onRevise, busy }: { grades: MyGrade[]; onRevise(g: MyGrade): void; busy: boolean }) {
  if (grades.length === 0) return null;
  return (
    <section aria-labelledby="my-grades-title" className="sk-my-grades">
      <h2 id="my-grades-title">Your grades ({grades.length})</h2>
      <p className="muted small">To change a grade, revise it and say why: your earlier grade is kept, with when you gave it.</p>
      <table className="tasks">
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Answer</th>
            <th scope="col">Your grade</th>
            <th scope="col">
              <span className="sr-only">Revise</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {grades.map((g) => (
            <tr key={g.itemId}>
              <td>
                <code>{g.queryId}</code> <span className="muted small">{g.category}</span>
              </td>
              <td className="small">{g.answer.length > 90 ? `${g.answer.slice(0, 90)}…` : g.answer}</td>
              <td>
                {verdictText(g.grade)}
                {g.grade.revisions ? <span className="muted small"> · revised {g.grade.revisions === 1 ? 'once' : `${g.grade.revisions} times`}</span> : null}
              </td>
              <td>
                <button disabled={busy} onClick={() => onRevise(g)} aria-label={`Revise your grade of ${g.queryId}: ${g.answer.slice(0, 40)}`}>
                  Revise
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
