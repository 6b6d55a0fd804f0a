import { useEffect, useRef } from 'react';
import type { ErasureAudit } from '../../../shared/contract/study';

/** What an erasure removed, as its audit record says; the participant's row is gone, so this stays until dismissed. */
export function ErasureReport({
  code,
  audit,
  onDismiss,
}: {
  code: string;
  audit: ErasureAudit;
  onDismiss(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The erase dialog's opener left with the row: the report takes focus so keyboard use goes on from here.
  useEffect(() => heading.current?.focus(), [audit]);
  return (
    <div className="erasure-report" role="status" aria-labelledby="erasure-report-h">
      <h3 id="erasure-report-h" tabIndex={-1} ref={heading}>
        Erased {code}
      </h3>
      <p>
        At {new Date(audit.at).toLocaleString()}: {audit.events} {audit.events === 1 ? 'event' : 'events'},{' '}
        {audit.sessions} run {audit.sessions === 1 ? 'session' : 'sessions'}, {audit.workspaces.length}{' '}
        {audit.workspaces.length === 1 ? 'workspace' : 'workspaces'}, {audit.files} result{' '}
        {audit.files === 1 ? 'file' : 'files'} and {audit.derived} exported{' '}
        {audit.derived === 1 ? 'file' : 'files'} removed
        {audit.copies > 0 ? `, and ${audit.copies} ${audit.copies === 1 ? 'copy' : 'copies'} of the database deleted` : ''}
        . The database was rebuilt so no deleted page keeps their words. An audit record of this (counts only, not
        their code) stays in the study log.
      </p>
      <button onClick={onDismiss}>Dismiss</button>
    </div>
  );
}
