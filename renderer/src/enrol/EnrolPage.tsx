import { useEffect, useRef, useState } from 'react';
import { createClient } from '../api/client';
import type { Result } from '../../../shared/result';
import { readEnrolAddress } from '../../../shared/study/enrolment';
import '../kiosk/kiosk.css';

/** The participant's capability this browser was given at its first visit, per study link (kept across sessions). */
const visitKey = (link: string) => `teamseat.visit.${link.split('.')[0] ?? ''}`;
const TOKEN_KEY = 'teamseat.token';

/** Calls made under the study link itself: it may only ask for the id parameter and enrol (main/access/policy.ts). */
function linkClient(link: string) {
  return createClient({
    host: 'browser',
    invoke: async (method, args) => {
      try {
        const res = await fetch(`/api/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${link}` },
          body: JSON.stringify(args ?? {}),
        });
        if (res.status === 401) return { ok: false, error: { code: 'unauthorized', message: 'This study link does not work. Please open the study from the recruitment platform again.' } };
        return (await res.json()) as Result<unknown>;
      } catch {
        return { ok: false, error: { code: 'internal', message: 'The study cannot be reached right now. Please try again in a minute.' } };
      }
    },
    subscribe: () => () => {},
  });
}

let enrolling: Promise<Result<unknown>> | null = null;

/**
 * The one study link (`#enrol=<capability>&PROLIFIC_PID=…`): the platform id is read from the parameter the study
 * names, sent once, and this browser keeps the participant's capability it gets back, so only this browser can
 * come back to the visit. Then the page becomes the participant's own visit (the id leaves the address bar).
 */
export function EnrolPage({ link }: { link: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    enrolling ??= (async (): Promise<Result<unknown>> => {
      const client = linkClient(link);
      const parameter = await client.enrolmentParameter({});
      if (!parameter.ok) return parameter;
      const platformId = readEnrolAddress(window.location.search, window.location.hash).params.get(parameter.value.idParameter) ?? '';
      const held = localStorage.getItem(visitKey(link));
      const visit = await client.enrolVisit({ platformId, ...(held ? { held } : {}) });
      if (!visit.ok) return visit;
      localStorage.setItem(visitKey(link), visit.value.capability);
      sessionStorage.setItem(TOKEN_KEY, visit.value.capability);
      // The platform id and the study link leave the address and the history; the page opens as the visit.
      history.replaceState(null, '', `${window.location.pathname}#/visit`);
      window.location.reload();
      return visit;
    })();
    void enrolling.then((r) => {
      if (!r.ok) setProblem(r.error.message);
    });
  }, [link]);
  useEffect(() => heading.current?.focus(), [problem]);
  return (
    <div className="app kiosk">
      <header className="topbar">
        <span className="kiosk-title">Study</span>
      </header>
      <main className="content kiosk-content">
        <section className="kiosk-card" aria-live="polite">
          {problem ? (
            <>
              <h1 ref={heading} tabIndex={-1}>
                The study cannot be opened
              </h1>
              <p role="alert">{problem}</p>
            </>
          ) : (
            <>
              <h1 ref={heading} tabIndex={-1}>
                Opening the study…
              </h1>
              <p className="muted">One moment.</p>
            </>
          )}
        </section>
      </main>
    </div>
  );
}

/** The study link's capability when this page was opened through one, else null. */
export const enrolLinkOf = (location: Pick<Location, 'search' | 'hash'>): string | null => readEnrolAddress(location.search, location.hash).link;
