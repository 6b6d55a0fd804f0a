import { contract, type AppContract } from '../../shared/contract/methods.js';
import type { CallContext, Handlers } from '../../shared/contract/define.js';
import { fail, type Result } from '../../shared/result.js';
import { formatPath } from '../../shared/problems.js';
import type { Logger } from './logger.js';

const isMethod = (name: string): name is keyof AppContract => Object.hasOwn(contract, name);

/**
 * The single entry from any host: checks the method exists, parses the argument from `unknown` with the
 * contract's schema, runs the handler, and turns anything thrown into an error value. Nothing is written
 * when the argument fails its schema, because the handler never runs.
 */
export async function dispatch(
  handlers: Handlers<AppContract>,
  name: string,
  rawArgs: unknown,
  ctx: CallContext,
  log: Logger,
): Promise<Result<unknown>> {
  if (!isMethod(name)) {
    log.warn('rejected call to unknown method', { method: name, host: ctx.host });
    return fail('bad_request', `Unknown method "${name}".`);
  }
  const def = contract[name];
  const args = def.args.safeParse(rawArgs ?? {});
  if (!args.success) {
    const why = args.error.issues.map((i) => `${formatPath(i.path.filter((p) => typeof p !== 'symbol')) || 'argument'}: ${i.message}`);
    log.warn('rejected call with invalid arguments', { method: name, host: ctx.host, why });
    return fail('bad_request', `Invalid arguments for ${name}: ${why.join('; ')}`);
  }
  try {
    const handler = handlers[name] as (a: unknown, c: CallContext) => Promise<Result<unknown>> | Result<unknown>;
    return await handler(args.data, ctx);
  } catch (err) {
    log.error('handler failed', { method: name, error: (err as Error).stack ?? String(err) });
    return fail('internal', `Teamseat could not complete "${name}": ${(err as Error).message}`);
  }
}
