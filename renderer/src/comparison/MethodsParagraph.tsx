import { useState } from 'react';

/**
 * The methods-and-results paragraph of the bundle just written (its methods.md and methods.tex): hidden until asked
 * for, then shown as Markdown with its sources, to copy as Markdown or LaTeX. The zip carries both files.
 */
export function MethodsParagraph({ markdown, latex }: { markdown: string; latex: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<string | undefined>();
  const copy = async (what: 'Markdown' | 'LaTeX') => {
    try {
      await navigator.clipboard.writeText(what === 'Markdown' ? markdown : latex);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(
        `The clipboard refused; select the text below, or take methods.${what === 'Markdown' ? 'md' : 'tex'} from the zip.`,
      );
    }
  };
  return (
    <div className="methods-paragraph">
      <p>
        <button aria-expanded={open} aria-controls="methods-text" onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide methods paragraph' : 'Methods paragraph'}
        </button>{' '}
        {open ? (
          <>
            <button onClick={() => void copy('Markdown')}>Copy Markdown</button>{' '}
            <button onClick={() => void copy('LaTeX')}>Copy LaTeX</button>{' '}
            <span role="status" className="small muted">
              {copied}
            </span>
          </>
        ) : (
          <span className="small muted">
            From this bundle alone; every number is footnoted with its file and field (methods.md and
            methods.tex in the zip).
          </span>
        )}
      </p>
      {open ? (
        <pre
          id="methods-text"
          className="methods-text"
          tabIndex={0}
          aria-label="Methods paragraph (Markdown)"
        >
          {markdown}
        </pre>
      ) : null}
    </div>
  );
}
