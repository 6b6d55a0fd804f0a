import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startupMessage } from './startupMessage.js';

describe("the browser host's start-up message", () => {
  it('says the link carries the kept experimenter token (it survives restarts), not a token of this run', () => {
    const text = startupMessage({ url: 'http://127.0.0.1:5417/#token=abc', dataDir: '/data' });
    expect(text).toContain('Open: http://127.0.0.1:5417/#token=abc');
    expect(text).not.toMatch(/this run/);
    expect(text).toContain(`experimenter's access token, kept in ${path.join('/data', 'access.json')}`);
    expect(text).toContain('works after a restart');
    expect(startupMessage({ url: 'http://x/', externalUrl: 'https://lab.example', dataDir: '/d' })).toContain('Through the reverse proxy: https://lab.example');
  });
});
