import { contract, type AppContract } from '../../shared/contract/methods.js';
import type { AccessScope } from '../../shared/contract/access.js';
import type { CallContext, Handlers } from '../../shared/contract/define.js';
import { fail, type Result } from '../../shared/result.js';
import { dispatch } from '../app/dispatch.js';
import type { Logger } from '../app/logger.js';
import { listed, refusal, type Ownership } from './policy.js';
import { projectResult } from './project.js';
import { onceOwnership, seatAlias, sentWorkspaceId } from './workspaceAlias.js';

/**
 * The one door for a scoped caller, for both hosts: the method must be on the scope's allowlist and act on
 * what the caller owns (checked on the schema-parsed arguments, before any handler runs, so a refused call
 * writes nothing), then the result is cut down to what the scope may see.
 */
export async function scopedDispatch(
  handlers: Handlers<AppContract>,
  scope: AccessScope,
  owned: Ownership,
  name: string,
  rawArgs: unknown,
  ctx: Omit<CallContext, 'access'>,
  log: Logger,
): Promise<Result<unknown>> {
  const known = Object.hasOwn(contract, name);
  if (known && !listed(scope, name)) return refuse(scope, name, `${scope.kind === 'auditor' ? 'an' : 'a'} ${scope.kind} link may not call ${name}`, log);
  owned = onceOwnership(owned);
  // A participant's page names its run's workspace by an alias only (the real id names the query's variant).
  const alias = scope.kind === 'participant' ? sentWorkspaceId(rawArgs) : null;
  if (alias !== null && scope.kind === 'participant') {
    const seat = await owned.participantSeat(scope.participantId);
    if (seat?.kind !== 'slack' || alias !== seatAlias(seat)) return refuse(scope, name, 'this link may use only its own current run', log);
    rawArgs = { ...(rawArgs as object), workspaceId: seat.workspaceId };
  }
  // A participant's, rater's, grader's or auditor's page knows its study only by an alias: the alias is turned into
  // the key, anything else refused (the real key too, so a page cannot try names to find out what is studied).
  const studyAlias = scope.kind === 'experimenter' || scope.kind === 'enrolment' ? null : owned.studyAlias(scope.studyKey);
  if (studyAlias !== null && scope.kind !== 'experimenter' && scope.kind !== 'enrolment' && sentStudyKey(rawArgs) !== null) {
    if (sentStudyKey(rawArgs) !== studyAlias) return refuse(scope, name, 'this link may use only its own study', log);
    rawArgs = { ...(rawArgs as object), studyKey: scope.studyKey };
  }
  if (known && scope.kind !== 'experimenter') {
    const parsed = contract[name as keyof AppContract].args.safeParse(rawArgs ?? {});
    // Bad arguments fall through to dispatch, which words the error; no handler runs either way.
    if (parsed.success) {
      const why = await refusal(scope, name, parsed.data as Record<string, unknown>, owned);
      if (why) return refuse(scope, name, why, log);
    }
  }
  const result = await dispatch(handlers, name, rawArgs, { ...ctx, access: scope }, log);
  return projectResult(scope, name, result, alias, studyAlias);
}

function sentStudyKey(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('studyKey' in args)) return null;
  const sent = (args as { studyKey: unknown }).studyKey;
  return typeof sent === 'string' ? sent : null;
}

function refuse(scope: AccessScope, method: string, why: string, log: Logger): Result<never> {
  log.warn('refused a call outside its scope', { method, scope: scope.kind });
  return fail('unauthorized', `Not allowed: ${why}.`);
}
