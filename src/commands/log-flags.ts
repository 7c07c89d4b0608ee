/**
 * `--quiet` and `--log-level` of the long-running commands: what they write to stderr besides their
 * results. `error` is refusals and failures only; `warn` adds warnings (a consolidation that ended
 * early, provider errors); `info` (the default) adds progress (the bar on a terminal, the worker's
 * job lines, what a resume read back); `debug` adds a line per model turn and tool call. Results
 * (stdout, `--json`) are the same at every level.
 */
import { z } from 'zod';
import { optional } from './flag-table.js';
import { UsageError } from './usage.js';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const DEFAULT_LEVEL: LogLevel = 'info';

export const LOG_FLAGS = {
  quiet: optional('--quiet', 'write only errors to stderr (the same as --log-level error)', z.boolean()),
  logLevel: optional(
    '--log-level <level>',
    `what goes to stderr besides the results: ${LOG_LEVELS.join(' | ')} (error: failures only; warn: and warnings; info: and progress; debug: and each model turn and tool call)`,
    z.enum(LOG_LEVELS, { error: `--log-level is one of ${LOG_LEVELS.join(', ')}` }),
    DEFAULT_LEVEL,
  ),
};

export interface Log {
  level: LogLevel;
  /** whether lines of this level are written */
  at(level: LogLevel): boolean;
  error(line: string): void;
  warn(line: string): void;
  info(line: string): void;
  debug(line: string): void;
}

/** The log the flags ask for; `--quiet` with another `--log-level` than error is refused. */
export function logOf(f: { quiet?: boolean; logLevel?: LogLevel }, write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Log {
  if (f.quiet && f.logLevel !== undefined && f.logLevel !== 'error')
    throw new UsageError(`--quiet is --log-level error; it contradicts --log-level ${f.logLevel}: give one of them`, ['--quiet', '--log-level']);
  const level: LogLevel = f.quiet ? 'error' : (f.logLevel ?? DEFAULT_LEVEL);
  const rank = LOG_LEVELS.indexOf(level);
  const at = (l: LogLevel): boolean => LOG_LEVELS.indexOf(l) <= rank;
  const line = (l: LogLevel) => (text: string) => {
    if (at(l)) write(text);
  };
  return { level, at, error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') };
}
