import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { useStudySectionLoading } from '../screens/studyPageReady';

type Info = { fragment: string; idParameter: string; cap: number; abandonAfterMinutes: number; completionUrl: string | null };

/**
 * An online study's one link for the recruitment platform (`protocol.enrolment`): every participant opens the same
 * address; the platform puts each person's id after the last `=`. Prolific's placeholder is filled in for it.
 */
export function StudyLink({ studyKey }: { studyKey: string }) {
  const [info, setInfo] = useState<Info | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  // Part of the study page's first view: it does not appear late under the researcher's pointer.
  useStudySectionLoading(info === undefined && error === undefined);
  useEffect(() => {
    let live = true;
    void api()
      .enrolmentLink({ studyKey })
      .then((r) => live && (r.ok ? setInfo(r.value) : setError(r.error.message)));
    return () => {
      live = false;
    };
  }, [studyKey]);
  if (error) return <p className="banner banner-error">{error}</p>;
  if (!info) return null;
  const placeholder = info.idParameter === 'PROLIFIC_PID' ? '{{%PROLIFIC_PID%}}' : '';
  const url = `${window.location.origin}${window.location.pathname}#${info.fragment}&${info.idParameter}=${placeholder}`;
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="study-link" role="group" aria-labelledby="study-link-h">
      <h3 id="study-link-h">Study link for the recruitment platform</h3>
      <p>
        One link for everyone. The platform puts each person&apos;s id in <code>{info.idParameter}</code>; Teamseat gives them a code and
        the next balanced plan, up to {info.cap} participants. A visit with no action for {info.abandonAfterMinutes} minutes is closed as
        abandoned and its place goes to the next person. Only the browser a person started in can continue their visit.
        {info.completionUrl ? ' At the end they are sent back to the platform with the completion code.' : ' The study names no completion address: participants copy the completion code by hand.'}
      </p>
      <p className="study-link-row">
        <input readOnly value={url} aria-label="Study link" onFocus={(e) => e.currentTarget.select()} />
        <button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy study link'}</button>
      </p>
      <p className="muted small">
        Over the internet, give the platform this address under your HTTPS reverse proxy&apos;s name (README, &ldquo;Remote participants&rdquo;).
        Platform ids stay in this computer&apos;s data folder (<code>enrolment.json</code>), never in results or bundles.
      </p>
    </div>
  );
}
