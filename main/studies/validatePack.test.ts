import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, validateStudyPack } from './validatePack.js';
import { StudyLibrary } from './studyLibrary.js';
import { validatePackCommand } from '../cli/validate-pack.js';
import { makeTempDir } from '../testing/tempDir.js';

const demo = path.resolve(import.meta.dirname, '../../studies');
let tmp = makeTempDir();
afterEach(() => {
  tmp.cleanup();
  tmp = makeTempDir();
});

function write(rel: string, text: string) {
  const file = path.join(tmp.dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

const CONSENT = `    consent: { text: About the study., checkbox: I agree }
    debrief: { text: The teammate was scripted. }
`;

/** A team pack with the three demo tasks and the given protocol lines (indented under `protocol:`). */
function teamPack(protocol: string, screens = '') {
  for (const t of ['campsite-negotiation', 'hidden-profile', 'impossible-tests']) {
    write(`pilot/tasks/${t}.yaml`, fs.readFileSync(path.join(demo, 'team-demo/tasks', `${t}.yaml`), 'utf8'));
  }
  write(
    'pilot/study.yaml',
    'schema: teamseat/study@1\nid: pilot\ntitle: Pilot\nkind: team\n' +
      'tasks: [tasks/campsite-negotiation.yaml, tasks/hidden-profile.yaml, tasks/impossible-tests.yaml]\n' +
      `protocol:\n${protocol}  screens:\n${CONSENT}${screens}`,
  );
}

function slackPack(protocol: string) {
  write('chat/export/channels.json', '[]');
  write('chat/queries.yaml', fs.readFileSync(path.join(demo, 'slack-demo/queries.yaml'), 'utf8'));
  write(
    'chat/study.yaml',
    'schema: teamseat/study@1\nid: chat\ntitle: Chat\nkind: slack\nexport: export\nqueries: queries.yaml\n' +
      `protocol:\n${protocol}  screens:\n${CONSENT}`,
  );
}

/** Problems as `file:line path: message`, as validate-pack prints them. */
const printed = (pack: string) => validateStudyPack(path.join(tmp.dir, pack)).problems.map(formatProblem);
const FIVE = '  participants: { generate: { count: 5 } }\n';

describe('protocol problems, each named as file:line path: message', () => {
  it('a valid protocol has none', () => {
    teamPack(`${FIVE}  tasks: [hidden-profile, impossible-tests]\n`);
    expect(printed('pilot')).toEqual([]);
  });

  it('a task that is not in the pack', () => {
    teamPack(`${FIVE}  tasks: [hidden-profile, impossible-test]\n`);
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:8 protocol.tasks[1]: no task "impossible-test" in this study; it has campsite-negotiation, hidden-profile, impossible-tests',
    ]);
  });

  it('a version that does not exist', () => {
    teamPack(`${FIVE}  versions: [control, manipulaton]\n`);
    expect(printed('pilot')).toEqual(['pilot/study.yaml:8 protocol.versions[1]: expected alone, control or manipulation']);
  });

  it('a practice seed the version does not have, and a practice task that is also counted', () => {
    teamPack(FIVE, '    practice: { task: hidden-profile, version: manipulation, seed: 9 }\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:11 protocol.screens.practice.seed: the manipulation version of "hidden-profile" has no seed 9 (it has 1, 2, 3)',
      'pilot/study.yaml:11 protocol.screens.practice.task: "hidden-profile" is also a counted task: a participant who practised it is no longer naive in it; practise on a task the study does not count',
    ]);
  });

  it('a query that is not in the pack', () => {
    slackPack(`${FIVE}  queries: [as-riverside-monitor, as-nowhere]\n`);
    expect(printed('chat')).toEqual([
      expect.stringMatching(/^chat\/study\.yaml:9 protocol\.queries\[1\]: no query "as-nowhere" in this study; it has as-riverside-monitor, /),
    ]);
  });

  it('an unknown design and an unknown ordering', () => {
    teamPack(`${FIVE}  design: mixed\n  ordering: counterbalanced\n`);
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:8 protocol.design: expected between or within',
      'pilot/study.yaml:9 protocol.ordering: expected fixed, random or latin_square',
    ]);
  });

  it('a within design whose carry-over the study has not declared acceptable', () => {
    teamPack(`${FIVE}  design: within\n`);
    expect(printed('pilot')).toEqual([expect.stringMatching(/^pilot\/study\.yaml:8 protocol\.design: a within design .* `carry_over: acceptable`/)]);
    teamPack(`${FIVE}  design: within\n  carry_over: acceptable\n`);
    expect(printed('pilot')).toEqual([]);
  });

  it('a Latin square that cannot be built', () => {
    teamPack(`${FIVE}  tasks_per_participant: 1\n  ordering: latin_square\n`);
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:9 protocol.ordering: a Latin square cannot be built over 1 task per participant: there is nothing to order (use fixed)',
    ]);
  });

  it('more tasks per participant than the study counts', () => {
    teamPack(`${FIVE}  tasks: [hidden-profile, impossible-tests]\n  tasks_per_participant: 3\n`);
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:9 protocol.tasks_per_participant: 3 per participant, but the study counts only 2 tasks',
    ]);
  });

  it('too few participants for the balance the protocol asks for', () => {
    teamPack('  participants: { generate: { count: 5 } }\n  ordering: latin_square\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:7 protocol.participants: too few participants for a Williams design over 3 tasks (order balanced for carry-over): one full cycle takes 6, the protocol has 5',
    ]);
    teamPack('  participants: { generate: { count: 2 } }\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:7 protocol.participants: too few participants for each of the 3 versions equally often per scenario (a Latin square): one full cycle takes 3, the protocol has 2',
    ]);
  });

  it('warns (without refusing) when the participant count or the enrolment cap leaves a balance cycle incomplete', () => {
    teamPack('  participants: { generate: { count: 7 } }\n  enrolment: { id_parameter: PROLIFIC_PID, cap: 9, abandon_after_minutes: 60 }\n');
    expect(printed('pilot')).toEqual([]);
    const out = validatePackCommand(path.join(tmp.dir, 'pilot'));
    expect(out.code).toBe(0);
    expect(out.out.filter((l) => l.startsWith('warning:'))).toEqual([
      expect.stringMatching(/^warning: study\.yaml protocol\.participants: the participant count 7 does not complete the balance: one full cycle takes 3 participants \(each of the 3 versions .*\); use 6 or 9$/),
    ]);
    teamPack('  participants: { generate: { count: 6 } }\n  enrolment: { id_parameter: PROLIFIC_PID, cap: 10, abandon_after_minutes: 60 }\n');
    expect(validatePackCommand(path.join(tmp.dir, 'pilot')).out.filter((l) => l.startsWith('warning:'))).toEqual([
      expect.stringMatching(/^warning: study\.yaml protocol\.enrolment\.cap: the enrolment cap 10 does not complete the balance: .*; use 9 or 12$/),
    ]);
  });

  it('refuses a completion address that is not https, naming the file, the line and the place', () => {
    teamPack('  participants: { generate: { count: 3 } }\n  enrolment: { id_parameter: PROLIFIC_PID, cap: 3, abandon_after_minutes: 60, completion_url: "http://example.org/done?cc={code}" }\n');
    expect(printed('pilot')).toEqual([expect.stringMatching(/^pilot\/study\.yaml:\d+ protocol\.enrolment\.completion_url: expected an https:\/\/ address/)]);
  });

  it('duplicate codes, with the line of the second one, and a name instead of a code', () => {
    teamPack('  participants:\n    list:\n      - 5f3a9c1e2b\n      - A1B2C3\n      - 5f3a9c1e2b\n      - Jane Doe\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:11 protocol.participants.list[2]: duplicate code "5f3a9c1e2b" (also list[0])',
      'pilot/study.yaml:12 protocol.participants.list[3]: "Jane Doe" looks like a name: list recruitment-platform ids, never names',
    ]);
  });

  it('a questionnaire item without choices', () => {
    teamPack(FIVE, '    questionnaire:\n      questions:\n        - { id: team, kind: choice, text: Who were your teammates? }\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:13 protocol.screens.questionnaire.questions[0].choices: a choice question needs `choices:`, a list of at least two answers',
    ]);
  });

  it('a misspelt section and a reserved section that is not a mapping', () => {
    teamPack(FIVE);
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), 'scoring: later\nprotocl: {}\n');
    expect(printed('pilot')).toEqual([
      'pilot/study.yaml:11 scoring: reserved for scoring: expected a mapping (nothing in it is used yet)',
      'pilot/study.yaml:12 protocl: unknown field (see studies/FORMAT-study.md)',
    ]);
  });

  it('accepts the reserved sections as mappings', () => {
    teamPack(FIVE);
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), 'partners: {}\nscoring: {}\n');
    expect(printed('pilot')).toEqual([]);
  });

  it('names the line of a live partner endpoint that names no models: entry, and refuses a key in the file', () => {
    teamPack(FIVE);
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), 'partners:\n  seats:\n    Rosa: { endpoint: haiku }\n');
    expect(printed('pilot')).toEqual([expect.stringMatching(/^pilot\/study\.yaml:13 partners\.seats\.Rosa\.endpoint: no entry "haiku" under models: \(the study has no models: section\)/)]);
    teamPack(FIVE);
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), 'partners:\n  endpoint: { base_url: "http://127.0.0.1:9/v1", model: m, api_key: sk-1 }\n');
    expect(printed('pilot').join('\n')).toMatch(/partners\.endpoint/);
  });

  it('names the file and line of an unknown placeholder in the judge panel prompt', () => {
    teamPack(FIVE);
    const rater = '{ base_url: "http://127.0.0.1:9/v1", model: m }';
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), `labeller:\n  referee: ${rater}\n  second: ${rater}\n  third: ${rater}\n  prompt: judge.txt\n`);
    fs.writeFileSync(path.join(tmp.dir, 'pilot/judge.txt'), 'Label it.\n{{message}}\nTask: {{task}}\n');
    expect(printed('pilot')).toEqual([expect.stringMatching(/^pilot\/judge\.txt:3 \(file\): unknown placeholder \{\{task\}\}/)]);
  });
});

describe('every problem of a pack at once, not the first failing stage', () => {
  it('a misspelt field, a broken task file and a protocol problem are all named', () => {
    teamPack(`${FIVE}  design: within\n`);
    fs.appendFileSync(path.join(tmp.dir, 'pilot/study.yaml'), 'titel: Pilot\n');
    write('pilot/tasks/hidden-profile.yaml', 'id: hidden-profile\ntitle: [not, a, title]\n');
    const out = printed('pilot');
    expect(out).toContain('pilot/study.yaml:12 titel: unknown field (see studies/FORMAT-study.md)');
    expect(out).toContainEqual(expect.stringMatching(/^pilot\/study\.yaml:8 protocol\.design: a within design/));
    expect(out.filter((l) => l.startsWith('pilot/tasks/hidden-profile.yaml')).length).toBeGreaterThan(0);
    // The protocol is not checked against the tasks that did load: a task in the broken file is not called missing.
    expect(out.join('\n')).not.toMatch(/no task "hidden-profile"/);
    const cli = validatePackCommand('pilot', tmp.dir);
    expect(cli.code).toBe(1);
    expect(cli.err.slice(0, -1)).toEqual(out);
    expect(cli.err.at(-1)).toBe(`${out.length} problems in pilot`);
  });

  it('a wrong id and an invalid protocol section still let the task files be checked', () => {
    teamPack('  participants: { generate: { count: 0 } }\n');
    const file = path.join(tmp.dir, 'pilot/study.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('id: pilot', 'id: Pilot Study'));
    write('pilot/tasks/impossible-tests.yaml', 'id: impossible-tests\n');
    const out = printed('pilot');
    expect(out[0]).toMatch(/^pilot\/study\.yaml:2 id: expected lowercase letters/);
    expect(out).toContainEqual(expect.stringMatching(/^pilot\/study\.yaml:\d+ protocol\.participants/));
    expect(out.some((l) => l.startsWith('pilot/tasks/impossible-tests.yaml'))).toBe(true);
  });

  it('a manifest without a valid kind stops there: nothing says what to read', () => {
    teamPack(FIVE);
    const file = path.join(tmp.dir, 'pilot/study.yaml');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('kind: team', 'kind: teams'));
    write('pilot/tasks/impossible-tests.yaml', 'id: impossible-tests\n');
    expect(printed('pilot')).toEqual([expect.stringMatching(/^pilot\/study\.yaml:\d+ kind: /)]);
  });
});

describe('the library and validate-pack agree', () => {
  it('on a bad protocol: the library lists the study with the problems validate-pack prints', () => {
    teamPack(`${FIVE}  design: mixed\n`);
    const listed = new StudyLibrary([{ dir: tmp.dir, origin: 'user' }]).list();
    expect(listed).toEqual([expect.objectContaining({ key: 'user:pilot', kind: null })]);
    expect(listed[0]?.problems).toHaveLength(1);
    const fromCli = validatePackCommand('pilot', tmp.dir);
    expect(fromCli.code).toBe(1);
    expect(fromCli.err).toEqual([...(listed[0]?.problems.map(formatProblem) ?? []), '1 problem in pilot']);
  });

  it('on a folder without study.yaml: a problem in both', () => {
    write('loose/tasks/a.yaml', 'id: a\n');
    const listed = new StudyLibrary([{ dir: tmp.dir, origin: 'user' }]).list();
    expect(listed[0]?.problems.map(formatProblem)).toEqual(['loose/study.yaml (file): no study.yaml: every study pack needs one (see studies/FORMAT-study.md)']);
    expect(validatePackCommand('loose', tmp.dir)).toMatchObject({ code: 1, err: [listed[0]?.problems.map(formatProblem)[0], '1 problem in loose'] });
  });

  it('on the built-in packs: valid, and the runnable ones say so', () => {
    const root = path.resolve(demo, '..');
    for (const pack of ['team-demo', 'slack-demo']) {
      const out = validatePackCommand(`studies/${pack}`, root);
      expect(out.code, out.err.join('\n')).toBe(0);
      // Each ships one full balance cycle: team-demo 6 (versions every 3, order every 2), slack-demo 4 (order every 4).
      expect(out.out[1]).toMatch(pack === 'team-demo' ? /^protocol: 6 participants.*every 6 participants$/ : /^protocol: 4 participants.*every 4 participants$/);
      expect(out.out[2]).toMatch(/^study version: [0-9a-f]{16}$/);
      expect(out.out.filter((l) => l.startsWith('warning:'))).toEqual([]);
    }
  });
});
