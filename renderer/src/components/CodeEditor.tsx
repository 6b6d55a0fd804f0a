import { useRef } from 'react';

interface Props {
  label: string;
  value: string;
  readOnly: boolean;
  onChange(value: string): void;
  onSave(): void;
}

/**
 * A plain-text code editor: line numbers kept in step with the text, Tab inserts four spaces (Python),
 * Ctrl/Cmd+S saves. No syntax colouring; the person edits exactly the bytes the tests will see.
 */
export function CodeEditor({ label, value, readOnly, onChange, onSave }: Props) {
  const gutter = useRef<HTMLPreElement>(null);
  const lines = value.split('\n').length;
  return (
    <div className="code-editor">
      <pre className="gutter" ref={gutter} aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => i + 1).join('\n')}
      </pre>
      <textarea
        aria-label={label}
        spellCheck={false}
        wrap="off"
        value={value}
        readOnly={readOnly}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if ((e.ctrlKey || e.metaKey) && e.key === 's') {
            e.preventDefault();
            onSave();
          } else if (e.key === 'Tab' && !readOnly) {
            e.preventDefault();
            const el = e.currentTarget;
            const { selectionStart: start, selectionEnd: end } = el;
            onChange(value.slice(0, start) + '    ' + value.slice(end));
            requestAnimationFrame(() => el.setSelectionRange(start + 4, start + 4));
          }
        }}
      />
    </div>
  );
}
