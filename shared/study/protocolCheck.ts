/**
 * Checks a protocol against its pack: every task, version and query it names exists, the balance it asks for can be
 * built with its participants, and the practice stays out of what is counted. Paths are inside study.yaml, so the
 * reader can add the line.
 */
import type { PackContent, ProtocolIssue, StudyProtocol } from './protocol.js';
import { balanceNeeds, countedOf, protocolParticipants, versionsOf } from './planBalance.js';

const list = (ids: string[]) => (ids.length === 0 ? 'none' : ids.join(', '));

export function checkProtocol(protocol: StudyProtocol, content: PackContent): ProtocolIssue[] {
  if (protocol.kind !== content.kind)
    return [{ path: ['protocol'], message: `a ${protocol.kind} protocol in a ${content.kind} study` }];
  const issues: ProtocolIssue[] = checkProtocolAlone(protocol);
  const at = (path: (string | number)[], message: string) =>
    issues.push({ path: ['protocol', ...path], message });
  const known = content.kind === 'team' ? content.tasks.map((t) => t.id) : content.queries;
  const noun = protocol.kind === 'team' ? 'task' : 'query';
  const listed = protocol.kind === 'team' ? protocol.tasks : protocol.queries;
  listed?.forEach((id, i) => {
    if (!known.includes(id))
      at(
        [`${noun === 'task' ? 'tasks' : 'queries'}`, i],
        `no ${noun} "${id}" in this study; it has ${list(known)}`,
      );
  });
  const { ids, perParticipant: k } = countedOf(protocol, content);
  const counted = ids.filter((id) => known.includes(id));
  const perKey = protocol.kind === 'team' ? 'tasks_per_participant' : 'queries_per_participant';
  if (k > ids.length)
    at(
      [perKey],
      `${k} per participant, but the study counts only ${ids.length} ${noun === 'task' ? 'tasks' : 'queries'}`,
    );
  if (protocol.ordering === 'latin_square' && k < 2) {
    at(
      ['ordering'],
      `a Latin square cannot be built over ${k} ${noun} per participant: there is nothing to order (use fixed)`,
    );
  }

  if (protocol.kind === 'team' && content.kind === 'team') {
    for (const version of versionsOf(protocol)) {
      for (const id of counted) {
        const seeds = content.tasks.find((t) => t.id === id)?.seeds[version] ?? [];
        if (seeds.length === 0) at(['versions'], `task "${id}" has no ${version} version with a seed`);
      }
    }
    const practice = protocol.screens.practice;
    if (practice) {
      const task = content.tasks.find((t) => t.id === practice.task);
      if (!task)
        at(
          ['screens', 'practice', 'task'],
          `no task "${practice.task}" in this study; it has ${list(known)}`,
        );
      else if (practice.seed !== undefined && !task.seeds[practice.version].includes(practice.seed)) {
        at(
          ['screens', 'practice', 'seed'],
          `the ${practice.version} version of "${practice.task}" has no seed ${practice.seed} (it has ${task.seeds[practice.version].join(', ')})`,
        );
      }
      if (protocol.design === 'between' && ids.includes(practice.task)) {
        at(
          ['screens', 'practice', 'task'],
          `"${practice.task}" is also a counted task: a participant who practised it is no longer naive in it; practise on a task the study does not count`,
        );
      }
    }
  }
  if (protocol.kind === 'slack') {
    const practice = protocol.screens.practice;
    if (practice && !known.includes(practice.query))
      at(
        ['screens', 'practice', 'query'],
        `no query "${practice.query}" in this study; it has ${list(known)}`,
      );
    else if (practice && ids.includes(practice.query))
      at(
        ['screens', 'practice', 'query'],
        `"${practice.query}" is also a counted query; practise on one the study does not count`,
      );
  }

  const practiceId =
    protocol.screens.practice &&
    ('query' in protocol.screens.practice ? protocol.screens.practice.query : protocol.screens.practice.task);
  Object.keys(protocol.screens.time_limit?.per_task ?? {}).forEach((id) => {
    if (!ids.includes(id) && id !== practiceId)
      at(['screens', 'time_limit', 'per_task', id], `"${id}" is not a ${noun} this study plays`);
  });

  if (protocol.enrolment?.completion_url && !protocol.screens.completion?.code)
    at(['enrolment', 'completion_url'], 'a completion address sends the completion code: add `screens.completion.code`');

  // Balance is only meaningful once the items themselves are right.
  if (issues.length === 0) {
    const have = protocolParticipants(protocol);
    for (const need of balanceNeeds(protocol, content)) {
      if (have < need.participants) {
        at(
          ['participants'],
          `too few participants for ${need.what}: one full cycle takes ${need.participants}, the protocol has ${have}`,
        );
      }
    }
  }
  return issues;
}

/**
 * What is wrong with a protocol whatever its pack holds (so a pack with a broken task file still hears of it).
 */
export function checkProtocolAlone(protocol: StudyProtocol): ProtocolIssue[] {
  const issues: ProtocolIssue[] = [];
  if (protocol.kind !== 'team') return issues;
  if (protocol.design === 'within' && protocol.carry_over !== 'acceptable') {
    issues.push({
      path: ['protocol', 'design'],
      message:
        'a within design plays the alone version (all facts) before the manipulation of the same scenario, so the ' +
        'participant is no longer naive; add `carry_over: acceptable` if that is acceptable for these tasks',
    });
  }
  if (protocol.screens.manipulation_check?.after === 'manipulation') {
    issues.push({
      path: ['protocol', 'screens', 'manipulation_check', 'after'],
      message:
        'a check shown only after manipulation runs tells participants which version they played (and the number of steps tells them in advance); use every_run',
    });
  }
  return issues;
}
