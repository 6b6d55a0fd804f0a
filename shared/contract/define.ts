import type { z } from 'zod';
import type { Result } from '../result.js';
import type { AccessScope } from './access.js';

/** One method the UI may ask of the main side: a schema for its argument and one for its result. */
export interface MethodDef<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  args: A;
  result: R;
}

export const method = <A extends z.ZodType, R extends z.ZodType>(args: A, result: R): MethodDef<A, R> => ({
  args,
  result,
});

export type Contract = Record<string, MethodDef>;

export type ArgsOf<C extends Contract, K extends keyof C> = z.input<C[K]['args']>;
export type ResultOf<C extends Contract, K extends keyof C> = z.output<C[K]['result']>;

/** Who is calling: handlers never trust the renderer, but they may log where a call came from. */
export interface CallContext {
  host: 'electron' | 'browser' | 'test';
  /** Whose link made the call (see access.ts); absent means the experimenter (the desktop's main window, tests). */
  access?: AccessScope;
}

/** What main implements: one function per method, receiving arguments already parsed by the schema. */
export type Handlers<C extends Contract> = {
  [K in keyof C]: (
    args: z.output<C[K]['args']>,
    ctx: CallContext,
  ) => Result<ResultOf<C, K>> | Promise<Result<ResultOf<C, K>>>;
};

/** What the renderer calls: the same names, errors as values, host unknown. */
export type Client<C extends Contract> = {
  [K in keyof C]: (args: ArgsOf<C, K>) => Promise<Result<ResultOf<C, K>>>;
};
