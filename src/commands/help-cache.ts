/**
 * Every command's `--help` text, rendered once when the package is built (scripts/build-lib.mjs
 * writes dist/commands/help.json) so that `navharness <command> --help` prints it without loading the
 * command's module. Loading a module for its help costs most of the answer: the flag tables pair each
 * flag with its zod schema, and importing zod reads 85 files (its 65 locales among them), which put
 * `run --help` at 3.5× bare Node. The text is the one commander prints (the same program, every module
 * loaded, wrapped at HELP_WIDTH); a source checkout (tsx) has no cache and loads the module as before.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';

/** Help is wrapped at this width whatever the terminal, so that the cached text and commander's agree. */
export const HELP_WIDTH = 80;
const HELP_FLAGS = new Set(['--help', '-h']);

export type HelpTexts = Readonly<Record<string, string>>;

/** The words that name a command (`sim render`), from its command object up to the program. */
function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * Each command's help in `program` (every module loaded), keyed by its words. Not the program's own
 * help: with every module loaded it would list the commands' arguments too (main.ts renders it
 * apart, with none loaded).
 */
export function helpTexts(program: Command): Record<string, string> {
  const texts: Record<string, string> = {};
  const visit = (cmd: Command): void => {
    texts[commandPath(cmd)] = cmd.helpInformation();
    for (const sub of cmd.commands) visit(sub);
  };
  for (const cmd of program.commands) visit(cmd);
  return texts;
}

/**
 * The cache key of a command line that only asks for help: command words then `--help` (or `-h`), or
 * `help` then command words. Anything else (a flag value, another flag) returns null: the command
 * line is then parsed as usual, so a refusal still names what was wrong.
 */
export function helpRequestKey(args: readonly string[]): string | null {
  if (args[0] === 'help') return args.slice(1).every((a) => !a.startsWith('-')) ? args.slice(1).join(' ') : null;
  const last = args.at(-1);
  if (last === undefined || !HELP_FLAGS.has(last)) return null;
  const words = args.slice(0, -1);
  return words.every((a) => !a.startsWith('-')) ? words.join(' ') : null;
}

/** The cached help `args` ask for, if they ask only for help and the cache holds it. */
export function cachedHelp(args: readonly string[], cache: HelpTexts | null): string | undefined {
  const key = helpRequestKey(args);
  return key === null ? undefined : cache?.[key];
}

/**
 * The cache next to this module (dist/commands/help.json), or null when there is none or it is not a
 * map of strings. Checked by hand rather than with zod: loading zod is the cost the cache avoids, and
 * a bad cache only means the command's module is loaded as without one.
 */
export function readHelpCache(url: URL = new URL('./help.json', import.meta.url)): HelpTexts | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(url, 'utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return Object.values(parsed).every((v) => typeof v === 'string') ? (parsed as HelpTexts) : null;
}
