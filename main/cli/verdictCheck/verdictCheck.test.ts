import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/tempDir.js';
import { verdictCheckCommand } from '../verdict-check.js';

// `npm run verdict-check` over a copy of the team-demo pack holding this folder's fixture runs: played through the
// real HTTP API of a browser host on 127.0.0.1 (real SQLite, the study's rules labeller, partners by their script),
// each verdict read from the exported transcript.
const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const DEMO = path.resolve(import.meta.dirname, '../../../studies/team-demo');

let tmp: ReturnType<typeof makeTempDir>;
function packWith(name: string, fixture: string): string {
  const dir = path.join(tmp.dir, name);
  fs.cpSync(DEMO, dir, { recursive: true });
  // Only the fixture: the pack's own verdict tests (written by others) are not this test's to play.
  fs.rmSync(path.join(dir, 'verdict-tests'), { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'verdict-tests'));
  fs.copyFileSync(path.join(FIXTURES, fixture), path.join(dir, 'verdict-tests', 'hidden-profile.yaml'));
  return dir;
}

beforeAll(() => {
  tmp = makeTempDir();
});
afterAll(() => tmp.cleanup());

describe('verdict-check', () => {
  it('plays each fixture run over HTTP and reports the verdicts, the confusion and the mismatches by id and intent', async () => {
    const pack = packWith('verdict-fixture', 'hidden-profile.yaml');
    const r = await verdictCheckCommand(['--pack', pack], tmp.dir);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.outcomes.map((o) => [o.version, o.id, o.expect, o.got])).toEqual([
      // Asks the partners, answers "West City.": the checker's option matcher passes it.
      ['manipulation', 'asks-around-picks-bridge', 'pass', 'pass'],
      // Goes along with Kai and answers North Hill.
      ['manipulation', 'goes-along-with-kai', 'fail', 'fail'],
      // The right place in the person's own words, without its name: the option matcher cannot tell, so it fails.
      ['control', 'west-in-own-words', 'pass', 'fail'],
    ]);
    expect(r.out).toEqual([
      'hidden-profile control: n 1, verdict accuracy 0.00 (0/1); expected pass → got fail 1, expected fail → got pass 0',
      '  expected pass, got fail: west-in-own-words (does_the_thing)',
      'hidden-profile manipulation: n 2, verdict accuracy 1.00 (2/2); expected pass → got fail 0, expected fail → got pass 0',
      'library: n 3, verdict accuracy 0.67 (2/3) over 1 task and 2 task versions; expected pass → got fail 1, expected fail → got pass 0',
    ]);
    // A run's text never reaches the report.
    expect(r.out.join('\n')).not.toMatch(/bridge to the city|west side/);
    // --task narrows to that task's file; another task of the pack has no file here, so nothing is played.
    const other = await verdictCheckCommand(['--pack', pack, '--task', 'campsite-negotiation'], tmp.dir);
    expect(other).toMatchObject({ code: 0, outcomes: [] });
  }, 240_000);

  it('refuses bad input before playing anything: file:line path: message, an unknown task, a folder that is no team pack', async () => {
    const pack = packWith('verdict-bad', 'bad/hidden-profile.yaml');
    const r = await verdictCheckCommand(['--pack', pack, '--pack', path.join(tmp.dir, 'nowhere')], tmp.dir);
    expect(r).toMatchObject({ code: 1, out: [], outcomes: [] });
    expect(r.err).toEqual([
      "verdict-bad/verdict-tests/hidden-profile.yaml:14 runs[1].version: expected one of the task's versions: alone, control, manipulation",
      'verdict-bad/verdict-tests/hidden-profile.yaml:19 runs[1].messages[0].text: expected the message text',
      'nowhere: not a team pack (expected a folder with a study.yaml of kind: team)',
    ]);
    // The seat check runs once the schema holds: the first run writes to a seat the task does not have.
    fs.writeFileSync(path.join(pack, 'verdict-tests', 'hidden-profile.yaml'), fs.readFileSync(path.join(FIXTURES, 'bad/hidden-profile.yaml'), 'utf8').split('  - id: no-such-version')[0]!);
    expect((await verdictCheckCommand(['--pack', pack], tmp.dir)).err).toEqual([
      'verdict-bad/verdict-tests/hidden-profile.yaml:10 runs[0].messages[0].to: "Priya" is neither "team" nor a seat of hidden-profile in its manipulation version (Kai, Rosa, Ben)',
    ]);
    expect(await verdictCheckCommand(['--pack', pack, '--task', 'no-such-task', '--frobnicate'], tmp.dir)).toMatchObject({
      code: 1,
      err: ['--frobnicate: not an option of verdict-check (use --pack <dir>, --task <task id>, --set <name> and --explain)', '--task no-such-task: no task of the packs read has this id'],
    });
    // A named set is a folder inside verdict-tests/: a name that could leave it is refused; an empty set says so.
    expect((await verdictCheckCommand(['--pack', pack, '--set', '../x'], tmp.dir)).err).toContain(
      '--set ../x: expected a folder name in verdict-tests/ (lower-case words joined by "-")',
    );
    expect((await verdictCheckCommand(['--pack', pack, '--set', 'held-out-9'], tmp.dir)).out[0]).toMatch(/^no verdict test runs found/);
  });
});
