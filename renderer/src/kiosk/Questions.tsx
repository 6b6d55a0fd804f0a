import { useState } from 'react';
import type { Answers, Question } from '../../../shared/contract/study';

type Value = Answers[string];

/** A screener, manipulation check or questionnaire: every question answered by keyboard or mouse. */
export function Questions({ questions, busy, onSubmit }: { questions: Question[]; busy: boolean; onSubmit(answers: Answers): void }) {
  const [answers, setAnswers] = useState<Answers>({});
  const set = (id: string, v: Value | undefined) =>
    setAnswers((a) => {
      const next = { ...a };
      if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) delete next[id];
      else next[id] = v;
      return next;
    });
  const missing = questions.filter((q) => q.required && answers[q.id] === undefined);
  return (
    <form
      className="kiosk-questions"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing.length === 0) onSubmit(answers);
      }}
    >
      {questions.map((q, i) => (
        <fieldset key={q.id} className="kiosk-question">
          <legend>
            {i + 1}. {q.text}
            {q.required ? <span className="muted small"> (required)</span> : null}
          </legend>
          <QuestionInput question={q} value={answers[q.id]} onChange={(v) => set(q.id, v)} />
        </fieldset>
      ))}
      <div className="kiosk-actions">
        {missing.length > 0 ? <span className="muted small">Answer every required question to go on.</span> : null}
        <button type="submit" className="primary" disabled={busy || missing.length > 0}>
          Next
        </button>
      </div>
    </form>
  );
}

function QuestionInput({ question: q, value, onChange }: { question: Question; value: Value | undefined; onChange(v: Value | undefined): void }) {
  switch (q.kind) {
    case 'likert':
      return (
        <div className="kiosk-likert">
          {q.anchors ? <span className="muted small">{q.anchors[0]}</span> : null}
          {Array.from({ length: q.points }, (_, i) => i + 1).map((p) => (
            <label key={p}>
              <input type="radio" name={q.id} checked={value === p} onChange={() => onChange(p)} />
              {p}
            </label>
          ))}
          {q.anchors ? <span className="muted small">{q.anchors[1]}</span> : null}
        </div>
      );
    case 'choice': {
      const chosen = Array.isArray(value) ? value : typeof value === 'number' ? [value] : [];
      return (
        <div className="kiosk-choices">
          {q.choices.map((c, i) => (
            <label key={c}>
              <input
                type={q.multiple ? 'checkbox' : 'radio'}
                name={q.id}
                checked={chosen.includes(i)}
                onChange={(e) =>
                  q.multiple ? onChange(e.target.checked ? [...chosen, i].sort((a, b) => a - b) : chosen.filter((x) => x !== i)) : onChange(i)
                }
              />
              {c}
            </label>
          ))}
        </div>
      );
    }
    case 'text':
      return (
        <textarea
          aria-label={q.text}
          maxLength={q.maxLength}
          rows={3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value)}
        />
      );
  }
}
