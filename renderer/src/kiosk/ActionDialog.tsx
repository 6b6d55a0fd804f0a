import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  /** What the action does and where the participant's files go. */
  description: ReactNode;
  /** The label of the one text field (a reason, a new code, the code to confirm). */
  field: string;
  confirm: string;
  busy: boolean;
  danger?: boolean;
  /** Whether Confirm may be pressed for this text (defaults to: anything but blank). */
  accepts?(text: string): boolean;
  onConfirm(text: string): void;
  onCancel(): void;
}

/**
 * A modal asking for one typed value before an experimenter action. Focus goes to the field, Tab stays inside,
 * Escape cancels, and focus returns to the button that opened it (so keyboard use continues where it was).
 */
export function ActionDialog({
  title,
  description,
  field,
  confirm,
  busy,
  danger,
  accepts,
  onConfirm,
  onCancel,
}: Props) {
  const [text, setText] = useState('');
  const id = useId();
  const box = useRef<HTMLFormElement>(null);
  const allowed = (accepts ?? ((t: string) => t.trim().length > 0))(text) && !busy;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    box.current?.querySelector('input')?.focus();
    return () => opener?.focus?.();
  }, []);

  const trapTab = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) return onCancel();
    if (e.key !== 'Tab' || !box.current) return;
    const stops = [...box.current.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="dialog-backdrop">
      <form
        ref={box}
        className="dialog"
        role={danger ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={trapTab}
        onSubmit={(e) => {
          e.preventDefault();
          if (allowed) onConfirm(text.trim());
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <div id={`${id}-text`}>{description}</div>
        <label>
          {field}
          <input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" maxLength={500} />
        </label>
        <div className="dialog-actions">
          <button type="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={danger ? 'danger' : undefined} disabled={!allowed}>
            {busy ? 'Working…' : confirm}
          </button>
        </div>
      </form>
    </div>
  );
}
