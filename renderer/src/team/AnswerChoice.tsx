import type { KeyboardEvent } from 'react';

interface Props {
  options: readonly string[];
  /** The option picked, or null: the answer is written in the box below. */
  picked: string | null;
  onPick(option: string | null): void;
  /** Enter on a radio: go on to the confirmation, as the Submit… button does. */
  onEnter(): void;
}

/**
 * The task's answer options as a radio group (issue 23), beside the free answer box: arrow keys move between them,
 * Enter goes on to submit. "In my own words" returns to a written answer, so a pick is never a trap.
 */
export function AnswerChoice({ options, picked, onPick, onEnter }: Props) {
  const onKeyDown = (e: KeyboardEvent<HTMLFieldSetElement>) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type === 'radio') {
      e.preventDefault();
      onEnter();
    }
  };
  return (
    <fieldset className="answer-choice" onKeyDown={onKeyDown}>
      <legend>Your answer: pick one, or write it in your own words</legend>
      {options.map((o) => (
        <label key={o}>
          <input type="radio" name="answer-choice" value={o} checked={picked === o} onChange={() => onPick(o)} />
          {o}
        </label>
      ))}
      <label>
        <input type="radio" name="answer-choice" value="" checked={picked === null} onChange={() => onPick(null)} />
        In my own words (below)
      </label>
    </fieldset>
  );
}
