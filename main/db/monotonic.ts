/** Microseconds on CLOCK_MONOTONIC: keeps counting across a restart of the app (not of the machine). */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);
