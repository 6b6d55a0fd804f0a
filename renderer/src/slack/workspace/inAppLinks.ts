// Which links in messages point into the study's own repository or documents, so they open inside the app. The
// export holds the team's real URLs (a git host, a docs site); we match them by their shape, not by their host.
export type InAppTarget =
  | { kind: 'commit'; oid: string }
  | { kind: 'file'; path: string; oid?: string }
  | { kind: 'doc'; path: string };

export interface LinkContext {
  /** The repository's name, e.g. `calibrate`; null when the study has none. */
  repoName: string | null;
  documents: readonly string[];
}

export function inAppTarget(url: string, ctx: LinkContext): InAppTarget | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const parts = u.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (ctx.repoName) {
    const at = parts.indexOf(ctx.repoName.replace(/\.git$/, ''));
    const rest = at >= 0 ? parts.slice(at + 1) : [];
    const [what, ref, ...path] = rest[0] === '-' ? rest.slice(1) : rest;
    if ((what === 'commit' || what === 'commits') && ref && /^[0-9a-f]{4,40}$/.test(ref)) return { kind: 'commit', oid: ref };
    if ((what === 'blob' || what === 'tree') && ref && path.length) return { kind: 'file', path: path.join('/'), oid: /^[0-9a-f]{7,40}$/.test(ref) ? ref : undefined };
  }
  const last = parts[parts.length - 1]?.toLowerCase();
  if (last) {
    const doc = ctx.documents.find((d) => {
      const base = d.split('/').pop()?.toLowerCase() ?? '';
      return base === last || base.replace(/\.[^.]+$/, '') === last;
    });
    if (doc) return { kind: 'doc', path: doc };
  }
  return undefined;
}
