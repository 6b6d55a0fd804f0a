import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { sandboxCommand } from './sandboxLaunch.js';
import { locatePyodide } from './testRunner.js';

// The sandbox process runs below the host's priority (issue 25): a check's seconds of CPU must not delay a message.
describe('the sandbox launch', () => {
  it.skipIf(process.platform === 'win32')("starts the sandbox process ten nice levels below the host's", () => {
    const launch = sandboxCommand("process.stdout.write(String(require('node:os').getPriority()))", { indexURL: locatePyodide(), jsHeapMb: 64 });
    const run = spawnSync(launch.command, launch.args, { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(Number(run.stdout)).toBe(Math.min(19, os.getPriority() + 10));
  });
});
