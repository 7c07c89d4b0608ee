/**
 * The one way a command refuses its input: a `UsageError` (exit code 2) whose message names the flag
 * with `--` (or the argument as `<name>`) and what is accepted. Zod failures of a command's flags
 * (`parseFlags` in options.ts) and commander's own refusals (unknown flag, missing value, missing
 * argument, unknown command: `commanderUsage`) both end here. This file loads neither zod nor a
 * command, so that `navharness --help` stays fast.
 */
import type { Command, CommanderError, Option } from 'commander';

export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    /** the flags (`--out`) the message names, whose help lines the command line adds as "accepted" */
    readonly flags: readonly string[] = [],
  ) {
    super(message);
  }
}

/** The exit code of every refused command line (0 is success, 1 a failure while running). */
export const USAGE_EXIT_CODE = 2;

/** camelCase flag key → `--kebab-case`, or `<name>` for a positional argument listed in `positional`. */
export function flagLabel(key: string, positional: Record<string, string> = {}): string {
  return positional[key] ?? `--${key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`;
}

export interface FlagIssue {
  /** the flag's camelCase key, or a positional argument's key */
  key: string;
  message: string;
}

/** One refusal listing every bad flag: `navharness CMD: invalid arguments` then `  --flag: why`. */
export function flagError(command: string, issues: FlagIssue[], positional: Record<string, string> = {}): UsageError {
  const labels = issues.map((i) => flagLabel(i.key, positional));
  const lines = issues.map((i, k) => `  ${labels[k]}: ${i.message}`);
  return new UsageError(`navharness ${command}: invalid arguments\n${lines.join('\n')}`, [...new Set(labels.filter((l) => l.startsWith('--')))]);
}

const optionText = (o: Option): string =>
  `${o.flags}${o.description ? `  ${o.description}` : ''}${o.defaultValue !== undefined && o.defaultValue !== false ? ` (default ${String(o.defaultValue)})` : ''}`;

/** The flags a command accepts, one per line, for a refusal's "accepted" part. */
export function acceptedFlags(cmd: Command): string {
  const opts = cmd.options.filter((o) => !o.hidden);
  if (opts.length === 0) return cmd.commands.length ? `  (no flags; commands: ${cmd.commands.map((c) => c.name()).join(', ')})` : '  (no flags)';
  return opts.map((o) => `  ${optionText(o)}`).join('\n');
}

/** The help lines of the flags a refusal named, so that each comes with what it accepts. */
export function acceptedFor(cmd: Command, flags: readonly string[]): string {
  const opts = flags.flatMap((f) => cmd.options.filter((o) => o.long === f || o.long === f.replace(/^--/, '--no-')));
  return opts.length ? `accepted:\n${opts.map((o) => `  ${optionText(o)}`).join('\n')}` : '';
}

/** The full name of a command: 'sim render', 'slam'. */
export function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Commander's refusal of a command line as a UsageError in the same form as a zod refusal: the flag
 * or argument named, and the accepted flags (or commands) listed. `cmd` is the command that refused.
 */
export function commanderUsage(err: CommanderError, cmd: Command): UsageError {
  const name = commandPath(cmd);
  const prefix = name ? `navharness ${name}` : 'navharness';
  const quoted = /'([^']+)'/.exec(err.message)?.[1] ?? '';
  const hint = /\(Did you mean ([^)]+)\)/.exec(err.message)?.[1];
  const suggestion = hint ? ` (did you mean ${hint}?)` : '';
  switch (err.code) {
    case 'commander.unknownOption':
      return new UsageError(`${prefix}: unknown flag ${quoted}${suggestion}; accepted:\n${acceptedFlags(cmd)}`);
    case 'commander.missingMandatoryOptionValue':
      return new UsageError(`${prefix}: ${quoted} is required; accepted:\n${acceptedFlags(cmd)}`);
    case 'commander.optionMissingArgument':
      return new UsageError(`${prefix}: ${quoted} needs a value; accepted:\n${acceptedFlags(cmd)}`);
    case 'commander.missingArgument':
      return new UsageError(`${prefix}: the argument <${quoted}> is required (usage: ${prefix} ${cmd.usage()})`);
    case 'commander.excessArguments':
      return new UsageError(`${prefix}: too many arguments (usage: ${prefix} ${cmd.usage()})`);
    case 'commander.unknownCommand':
      return new UsageError(`${prefix}: unknown command '${quoted}'${suggestion}; commands: ${cmd.commands.map((c) => c.name()).join(', ')}`);
    case 'commander.invalidArgument':
      return new UsageError(`${prefix}: ${err.message.replace(/^error: /, '')}`);
    default:
      return new UsageError(`${prefix}: ${err.message.replace(/^error: /, '')}`);
  }
}
