import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isDashboardAddress } from './dashboardAddress.js';

// The desktop opens the live dashboard in a second window; a page may open nothing else (issue 13). The window
// itself needs an Electron binary, which the test machines do not have: only the address check is tested here.
const index = path.resolve('/opt/teamseat/out/renderer/index.html');
const page = pathToFileURL(index).href;

describe('the second window address', () => {
  it('is our own page on the dashboard route, and nothing else', () => {
    expect(isDashboardAddress(`${page}#/dashboard?key=built-in%3Ateam-demo`, index)).toBe(true);
    expect(isDashboardAddress(`${page}#/library`, index)).toBe(false);
    expect(isDashboardAddress(`${page}#/dashboard?key=a&to=/settings`, index)).toBe(false);
    expect(isDashboardAddress(`${page}?x=1#/dashboard?key=a`, index)).toBe(false);
    expect(isDashboardAddress(`${pathToFileURL(path.resolve('/tmp/evil/index.html')).href}#/dashboard?key=a`, index)).toBe(false);
    expect(isDashboardAddress('https://example.org/#/dashboard?key=a', index)).toBe(false);
    expect(isDashboardAddress('not a url', index)).toBe(false);
  });
});
