// Errors cross every boundary (IPC, HTTP, worker) as values, never as thrown strings.
export type ErrorCode =
  | 'bad_request' // arguments failed the contract schema
  | 'not_found'
  | 'conflict'
  | 'invalid_pack'
  | 'database' // the database could not be opened or written
  | 'unauthorized'
  | 'internal';

export interface AppError {
  code: ErrorCode;
  /** Worded for a researcher, not a stack trace. */
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): { ok: false; error: AppError } => ({
  ok: false,
  error: { code, message },
});
