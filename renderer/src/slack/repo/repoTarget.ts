/** What the repository pane shows. */
export type RepoTarget =
  | { kind: 'tree'; path: string }
  | { kind: 'file'; path: string; oid?: string | undefined }
  | { kind: 'commits'; path?: string | undefined }
  | { kind: 'commit'; oid: string }
  | { kind: 'search'; query: string };
