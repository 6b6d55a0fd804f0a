/** Structured, one line per entry. Never pass secrets (API keys) in `data`. */
export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

export function consoleLogger(scope: string, sink: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const write = (level: string, msg: string, data?: Record<string, unknown>) =>
    sink(JSON.stringify({ t: new Date().toISOString(), level, scope, msg, ...data }));
  return {
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
