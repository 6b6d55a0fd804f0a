import type { ShownItem } from './types';

export type Verdict = 'YES' | 'NO';
export type Entry = { id: string; text: string };

/** The checklist entries a verdict item is graded by, one YES/NO each; none for other items. */
export function checklistOf(item: ShownItem): Entry[] {
  return item.kind === 'verdict' ? (item.checklist ?? []) : [];
}

/** The key that grades the current line: 1 or y for YES, 2 or n for NO. */
export function verdictKey(key: string): Verdict | null {
  if (key === '1' || key.toLowerCase() === 'y') return 'YES';
  if (key === '2' || key.toLowerCase() === 'n') return 'NO';
  return null;
}

/**
 * A graded verdict: one YES/NO line per checklist entry, then the overall verdict. The current line is
 * marked; keys grade it and move on, so the whole item can be done from the keyboard before one confirm.
 */
export function ChecklistChoices(props: {
  entries: Entry[];
  grades: Record<string, Verdict>;
  overall: string | undefined;
  /** Index of the current line; `entries.length` is the overall verdict. */
  line: number;
  onLine(line: number): void;
  onGrade(id: string, v: Verdict): void;
  onOverall(v: Verdict): void;
  disabled?: boolean;
  /** After a practice item: the expected verdict per entry and overall. */
  expected?: { checklist?: Record<string, string>; answer: string };
}) {
  const lines = [
    ...props.entries.map((e) => ({
      id: e.id,
      text: e.text,
      value: props.grades[e.id] as string | undefined,
    })),
    { id: '', text: 'Overall: does the answer pass?', value: props.overall },
  ];
  return (
    <ol className="lab-choices" aria-label="Checklist">
      {lines.map((l, i) => {
        const overall = i === props.entries.length;
        const want = overall ? props.expected?.answer : props.expected?.checklist?.[l.id];
        const current = i === props.line && !props.disabled;
        return (
          <li
            key={l.id || 'overall'}
            className={`lab-line${current ? ' lab-target' : ''}${want ? (want === l.value ? ' lab-right' : ' lab-wrong') : ''}`}
            aria-current={current ? 'step' : undefined}
            onClick={() => !props.disabled && props.onLine(i)}
          >
            <span className="lab-choice-text">
              <strong>{l.text}</strong>
              {want ? <span className="lab-definition">Expected: {want}</span> : null}
            </span>
            <span className="lab-row" role="radiogroup" aria-label={l.text}>
              {(['YES', 'NO'] as const).map((v, k) => (
                <button
                  key={v}
                  role="radio"
                  aria-checked={l.value === v}
                  className={`lab-choice${l.value === v ? ' lab-chosen' : ''}`}
                  disabled={props.disabled}
                  onClick={(e) => {
                    e.stopPropagation();
                    if (overall) props.onOverall(v);
                    else props.onGrade(l.id, v);
                    props.onLine(Math.min(i + 1, props.entries.length));
                  }}
                >
                  {current ? <kbd>{k + 1}</kbd> : null} {v}
                </button>
              ))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
