import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { fail, ok, type Result } from '../../shared/result.js';
import { lineDiff, type DiffLine } from './lineDiff.js';

export interface RepoEntry {
  path: string;
  name: string;
  type: 'file' | 'dir';
}
export interface FileChange {
  path: string;
  change: 'added' | 'modified' | 'deleted';
}
export interface Commit {
  oid: string;
  shortOid: string;
  message: string;
  authorName: string;
  authorEmail: string;
  date: string;
  files: FileChange[];
}
export interface FileDiff extends FileChange {
  binary: boolean;
  lines: DiffLine[];
  truncated: boolean;
}
export interface CodeHit {
  path: string;
  line: number;
  text: string;
  highlights: Array<[number, number]>;
}

const MAX_HITS = 200;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
const isBinary = (bytes: Uint8Array) => bytes.subarray(0, 8000).includes(0);
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** A repository path as git stores it: relative, forward slashes, no `.` or `..` parts. */
export function repoPath(p: string): Result<string> {
  const parts = p.replace(/\\/g, '/').split('/').filter((x) => x !== '' && x !== '.');
  if (parts.some((x) => x === '..')) return fail('bad_request', `"${p}" leaves the repository.`);
  return ok(parts.join('/'));
}

/** A study's bare git repository, read with isomorphic-git (no git binary, nothing written). */
export class StudyRepository {
  private readonly cache = {};
  private readonly trees = new Map<string, Map<string, string>>();

  constructor(readonly gitdir: string) {}

  /** The name from the repository's description (`calibrate: …`), else its folder name. */
  name(): string {
    try {
      const first = fs.readFileSync(path.join(this.gitdir, 'description'), 'utf8').split(/[:\n]/)[0]?.trim() ?? '';
      if (/^[A-Za-z0-9._-]+$/.test(first)) return first;
    } catch {
      // no description: use the folder's name
    }
    return path.basename(this.gitdir).replace(/\.git$/, '');
  }

  private readonly g = () => ({ fs, gitdir: this.gitdir, cache: this.cache });

  head(): Promise<string> {
    return git.resolveRef({ ...this.g(), ref: 'HEAD' });
  }

  async branch(): Promise<string | null> {
    return (await git.currentBranch({ ...this.g() })) ?? null;
  }

  async tree(dir: string): Promise<Result<RepoEntry[]>> {
    const p = repoPath(dir);
    if (!p.ok) return p;
    try {
      const { tree } = await git.readTree({ ...this.g(), oid: await this.head(), filepath: p.value || undefined });
      const entries = tree
        .filter((e) => e.type !== 'commit')
        .map((e): RepoEntry => ({ path: p.value ? `${p.value}/${e.path}` : e.path, name: e.path, type: e.type === 'tree' ? 'dir' : 'file' }));
      return ok(entries.sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === 'dir' ? -1 : 1)));
    } catch {
      return fail('not_found', `No folder "${dir}" in the repository.`);
    }
  }

  async file(filePath: string, at?: string): Promise<Result<{ path: string; oid: string; size: number; text: string | null }>> {
    const p = repoPath(filePath);
    if (!p.ok) return p;
    try {
      const oid = at ? await git.expandOid({ ...this.g(), oid: at }) : await this.head();
      const { blob } = await git.readBlob({ ...this.g(), oid, filepath: p.value });
      const text = isBinary(blob) ? null : decode(blob.subarray(0, MAX_FILE_BYTES));
      return ok({ path: p.value, oid, size: blob.length, text });
    } catch {
      return fail('not_found', `No file "${filePath}" in the repository${at ? ` at ${at}` : ''}.`);
    }
  }

  async commits(filePath?: string, limit = 100): Promise<Result<Commit[]>> {
    const p = filePath === undefined ? ok('') : repoPath(filePath);
    if (!p.ok) return p;
    try {
      const log = await git.log({ ...this.g(), ref: 'HEAD', depth: limit, filepath: p.value || undefined });
      const out: Commit[] = [];
      for (const c of log) {
        out.push({ ...commitHeader(c.oid, c.commit), files: await this.changes(c.commit.tree, c.commit.parent[0]) });
      }
      return ok(out);
    } catch (error) {
      return fail('not_found', `The history${p.value ? ` of "${p.value}"` : ''} could not be read: ${(error as Error).message}`);
    }
  }

  async commit(shortOid: string): Promise<Result<Commit & { diffs: FileDiff[] }>> {
    let oid: string;
    try {
      oid = await git.expandOid({ ...this.g(), oid: shortOid });
    } catch {
      return fail('not_found', `No commit ${shortOid} in the repository.`);
    }
    const { commit } = await git.readCommit({ ...this.g(), oid });
    const files = await this.changes(commit.tree, commit.parent[0]);
    const before = commit.parent[0] ? await this.flatTree(commit.parent[0], true) : new Map<string, string>();
    const after = await this.flatTree(commit.tree, false);
    const diffs: FileDiff[] = [];
    for (const f of files) {
      const a = await this.blobText(before.get(f.path));
      const b = await this.blobText(after.get(f.path));
      if (a === null || b === null) diffs.push({ ...f, binary: true, lines: [], truncated: false });
      else diffs.push({ ...f, binary: false, ...lineDiff(a, b) });
    }
    return ok({ ...commitHeader(oid, commit), files, diffs });
  }

  /** Lines at HEAD containing `query` (case-insensitive), in path order, at most MAX_HITS. */
  async search(query: string): Promise<CodeHit[]> {
    const needle = query.toLowerCase();
    const files = [...(await this.flatTree(await this.head(), true))].sort((a, b) => a[0].localeCompare(b[0]));
    const hits: CodeHit[] = [];
    for (const [filePath, oid] of files) {
      const text = await this.blobText(oid);
      if (text === null) continue;
      const lines = text.split('\n');
      for (let i = 0; i < lines.length && hits.length < MAX_HITS; i++) {
        const line = lines[i] ?? '';
        const lower = line.toLowerCase();
        const highlights: Array<[number, number]> = [];
        for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) highlights.push([at, at + needle.length]);
        if (highlights.length > 0) hits.push({ path: filePath, line: i + 1, text: line, highlights });
      }
    }
    return hits;
  }

  private async blobText(oid: string | undefined): Promise<string | null> {
    if (!oid) return '';
    const { blob } = await git.readBlob({ ...this.g(), oid });
    return isBinary(blob) ? null : decode(blob.subarray(0, MAX_FILE_BYTES));
  }

  private async changes(tree: string, parent: string | undefined): Promise<FileChange[]> {
    const after = await this.flatTree(tree, false);
    const before = parent ? await this.flatTree(parent, true) : new Map<string, string>();
    const out: FileChange[] = [];
    for (const [p, oid] of after) {
      const old = before.get(p);
      if (old === undefined) out.push({ path: p, change: 'added' });
      else if (old !== oid) out.push({ path: p, change: 'modified' });
    }
    for (const p of before.keys()) if (!after.has(p)) out.push({ path: p, change: 'deleted' });
    return out.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** path → blob oid of every file under a tree (or a commit's tree), cached: commits never change. */
  private async flatTree(oid: string, isCommit: boolean): Promise<Map<string, string>> {
    const treeOid = isCommit ? (await git.readCommit({ ...this.g(), oid })).commit.tree : oid;
    const hit = this.trees.get(treeOid);
    if (hit) return hit;
    const out = new Map<string, string>();
    const walk = async (t: string, prefix: string) => {
      for (const e of (await git.readTree({ ...this.g(), oid: t })).tree) {
        if (e.type === 'tree') await walk(e.oid, `${prefix}${e.path}/`);
        else if (e.type === 'blob') out.set(prefix + e.path, e.oid);
      }
    };
    await walk(treeOid, '');
    this.trees.set(treeOid, out);
    return out;
  }
}

function commitHeader(oid: string, c: { message: string; author: { name: string; email: string; timestamp: number } }) {
  return {
    oid,
    shortOid: oid.slice(0, 7),
    message: c.message.trim(),
    authorName: c.author.name,
    authorEmail: c.author.email,
    date: new Date(c.author.timestamp * 1000).toISOString(),
  };
}
