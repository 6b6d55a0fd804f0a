import { useState } from 'react';

const wording = {
  skip: {
    title: 'Skip this item',
    hint: 'Why are you skipping it? (e.g. unsure between two labels)',
    action: 'Skip with this note',
  },
  flag: {
    title: 'Flag this item as unfit to label',
    hint: 'What is wrong with it? (e.g. context cut off, wrong dimension)',
    action: 'Flag with this note',
  },
};

/** Skip and Flag each need a note, so whoever reads the export knows why the item has no label. */
export function NoteForm(props: { kind: 'skip' | 'flag'; onSubmit(note: string): void; onCancel(): void }) {
  const [note, setNote] = useState('');
  const w = wording[props.kind];
  return (
    <form
      className="lab-note"
      aria-label={w.title}
      onSubmit={(e) => {
        e.preventDefault();
        if (note.trim()) props.onSubmit(note.trim());
      }}
      onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
    >
      <label>
        <strong>{w.title}</strong>
        <textarea
          autoFocus
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={w.hint}
          rows={2}
          maxLength={1000}
        />
      </label>
      <div className="lab-row">
        <button type="submit" className="primary" disabled={!note.trim()}>
          {w.action}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
