import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, type Route } from './routes';

describe('hash routes', () => {
  it('gives every screen an address that reads back as the same route', () => {
    const routes: Route[] = [
      { screen: 'library' },
      { screen: 'study', key: 'built-in:team-demo' },
      { screen: 'labelling', studyKey: 'user:my pack', rater: 'R1' },
      { screen: 'team', sessionId: 'a1b2c3d4e5f6' },
      { screen: 'settings' },
      { screen: 'slack', studyKey: null, workspaceId: 'ws-1' },
      { screen: 'slack', studyKey: 'built-in:slack-demo', runId: 'abcdef12' },
      { screen: 'slack-import' },
      { screen: 'slack-results', studyKey: 'built-in:slack-demo' },
      { screen: 'slack-grade', studyKey: 'built-in:slack-demo', graderId: 'G1' },
      { screen: 'visit', step: '0123456789abcdef' },
      { screen: 'visit' },
    ];
    for (const r of routes) expect(parseRoute(formatRoute(r))).toEqual(r);
  });

  it('reads a hash that names no screen, or a malformed one, as none', () => {
    expect(parseRoute('')).toBeNull();
    expect(parseRoute('#token=abc')).toBeNull();
    expect(parseRoute('#/nowhere')).toBeNull();
    expect(parseRoute('#/study')).toBeNull();
    expect(parseRoute('#/visit?step=manipulation')).toBeNull();
  });

  it('puts nothing but the opaque step in a participant’s address', () => {
    expect(formatRoute({ screen: 'visit', step: '0123456789abcdef' })).toBe('#/visit?step=0123456789abcdef');
  });
});
