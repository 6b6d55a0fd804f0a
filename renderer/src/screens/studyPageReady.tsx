import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/**
 * The study page's sections read their own data. Shown as each answered, the page grew under the researcher's
 * pointer: a click aimed at "Browse the workspace" landed on a participant's row as the participants table appeared
 * above it. The page is shown once every section has its first answer, or after REVEAL_AFTER_MS at the latest;
 * once shown it stays shown (a section reading again later keeps what it showed).
 */
const REVEAL_AFTER_MS = 3000;

type Register = (id: string, loading: boolean) => void;
const ReadyContext = createContext<Register | null>(null);

/** A section of the study page says whether it is still waiting for its first answer. */
export function useStudySectionLoading(loading: boolean): void {
  const register = useContext(ReadyContext);
  const id = useId();
  // A layout effect: the section is counted before the browser paints the page.
  useLayoutEffect(() => {
    if (!register) return;
    register(id, loading);
    return () => register(id, false);
  }, [register, id, loading]);
}

/** Holds the study page's sections hidden (drawn, reading, not yet shown or clickable) until they have loaded. */
export function StudyPageReady({ children }: { children: ReactNode }) {
  const [waiting, setWaiting] = useState<ReadonlySet<string>>(new Set());
  const [revealed, setRevealed] = useState(false);
  const hadWaiting = useRef(false);
  const [register] = useState<Register>(
    () => (id: string, loading: boolean) =>
      setWaiting((w) => {
        if (w.has(id) === loading) return w;
        const next = new Set(w);
        if (loading) next.add(id);
        else next.delete(id);
        return next;
      }),
  );
  useEffect(() => {
    const t = setTimeout(() => setRevealed(true), REVEAL_AFTER_MS);
    return () => clearTimeout(t);
  }, []);
  useEffect(() => {
    if (waiting.size > 0) hadWaiting.current = true;
    else if (hadWaiting.current) setRevealed(true);
  }, [waiting]);
  const hidden = waiting.size > 0 && !revealed;
  return (
    <ReadyContext.Provider value={register}>
      {hidden ? (
        <p className="muted" role="status">
          Loading the study…
        </p>
      ) : null}
      <div className={hidden ? 'study-sections study-sections-loading' : 'study-sections'} aria-busy={hidden}>
        {children}
      </div>
    </ReadyContext.Provider>
  );
}
