import { describe, expect, it } from 'vitest';
import { inAppTarget } from './inAppLinks';

const ctx = { repoName: 'calibrate', documents: ['field-protocol.md', 'paper-plan.md'] };

describe('links that open inside the app', () => {
  it('opens a commit of the study repository', () => {
    expect(inAppTarget('https://git.aerolab.example.org/aerolab/calibrate/commit/51b1922b72', ctx)).toEqual({ kind: 'commit', oid: '51b1922b72' });
    expect(inAppTarget('https://gitlab.example.org/g/calibrate/-/commit/abcdef1', ctx)).toEqual({ kind: 'commit', oid: 'abcdef1' });
  });

  it('opens a file of the repository and a document by its name', () => {
    expect(inAppTarget('https://git.example.org/a/calibrate/blob/main/src/model.py', ctx)).toEqual({ kind: 'file', path: 'src/model.py', oid: undefined });
    expect(inAppTarget('https://docs.example.org/d/paper-plan', ctx)).toEqual({ kind: 'doc', path: 'paper-plan.md' });
  });

  it('leaves other links to open outside', () => {
    expect(inAppTarget('https://git.example.org/a/other-repo/commit/abcdef1', ctx)).toBeUndefined();
    expect(inAppTarget('https://docs.example.org/d/lab-meeting-2', ctx)).toBeUndefined();
    expect(inAppTarget('not a url', ctx)).toBeUndefined();
    expect(inAppTarget('https://x.org/calibrate/commit/abcdef1', { repoName: null, documents: [] })).toBeUndefined();
  });
});
