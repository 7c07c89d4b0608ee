/**
 * The command line without the process: builds the program with only the requested command loaded
 * (the others listed by their summaries), parses `argv`, and returns the exit code: 0 done, 1 failed
 * while running, 2 refused command line (a bad or unknown flag, a missing argument, an unknown
 * command), each refusal naming the flag and what is accepted. `--version` prints the version.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { missingPackage, missingPackageMessage } from '../runtime/index.js';
import { COMMANDS } from './catalog.js';
import { cachedHelp, HELP_WIDTH, type HelpTexts, helpTexts, readHelpCache } from './help-cache.js';
import { acceptedFor, commanderUsage, USAGE_EXIT_CODE, UsageError } from './usage.js';

export interface CliOutput {
  /** diagnostics (refusals, failures) */
  err: (text: string) => void;
}

/** A refusal by commander, with the command that refused it. */
class RefusedBy extends Error {
  constructor(
    readonly refusal: CommanderError,
    readonly command: Command,
  ) {
    super(refusal.message);
  }
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(pkg.version);
}

/** The command `argv` asks for: its first word, or the word after `help`. */
export function requestedCommand(args: readonly string[]): string | undefined {
  const words = args.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

function eachCommand(cmd: Command, f: (c: Command) => void): void {
  f(cmd);
  for (const c of cmd.commands) eachCommand(c, f);
}

function newProgram(): Command {
  return (
    new Command('navharness')
      .description('NavHarness: lifelong embodied navigation with a WebAssembly navigation core')
      .version(packageVersion(), '-V, --version', 'print the version')
      // refusals are printed once, in the form of usage.ts, by main()
      .configureOutput({ outputError: () => {} })
      // one width whatever the terminal: the help cache (help-cache.ts) holds text rendered at build
      .configureHelp({ helpWidth: HELP_WIDTH })
  );
}

export async function buildProgram(args: readonly string[]): Promise<Command> {
  const program = newProgram();
  const wanted = requestedCommand(args);
  for (const c of COMMANDS) {
    if (c.name === wanted) (await c.load())(program);
    else program.command(c.name).description(c.summary);
  }
  eachCommand(program, (c) =>
    c.exitOverride((e) => {
      throw new RefusedBy(e, c);
    }),
  );
  return program;
}

/**
 * Every command's help with every module loaded (what the build caches), and the program's own help
 * (key '') as `navharness --help` prints it: with no module loaded, each command listed by its
 * summary. A command whose module needs an optional package that is not installed is left out: its
 * help is then rendered when asked.
 */
export async function allHelpTexts(): Promise<Record<string, string>> {
  const program = newProgram();
  const missing = new Set<string>();
  for (const c of COMMANDS) {
    try {
      (await c.load())(program);
    } catch (err) {
      if (!missingPackage(err)) throw err;
      missing.add(c.name);
      program.command(c.name).description(c.summary);
    }
  }
  const texts = helpTexts(program);
  for (const key of Object.keys(texts)) if (missing.has(key.split(' ')[0]!)) delete texts[key];
  texts[''] = (await buildProgram([])).helpInformation();
  return texts;
}

/** The command a UsageError came from, to list what its named flags accept. */
function leafOf(program: Command, args: readonly string[]): Command {
  let cmd = program;
  for (const word of args.filter((a) => !a.startsWith('-'))) {
    const sub = cmd.commands.find((c) => c.name() === word);
    if (!sub) break;
    cmd = sub;
  }
  return cmd;
}

/**
 * The first `--flag` of `args` that `cmd` does not accept. Commander reports a missing required flag
 * before an unknown one, so `slam --bogus` would be refused for --intrinsics; this names --bogus.
 */
export function unknownFlag(cmd: Command, args: readonly string[]): string | null {
  const end = args.indexOf('--');
  const known = new Set(['--help', ...cmd.options.flatMap((o) => (o.long ? [o.long] : []))]);
  for (const a of end < 0 ? args : args.slice(0, end)) {
    if (!a.startsWith('--')) continue;
    const flag = a.split('=')[0];
    if (!known.has(flag)) return flag;
  }
  return null;
}

export async function main(
  argv: readonly string[],
  out: CliOutput = { err: (t) => process.stderr.write(t + '\n') },
  helpCache: HelpTexts | null = readHelpCache(),
): Promise<number> {
  const args = argv.slice(2);
  const cached = cachedHelp(args, helpCache);
  if (cached !== undefined) {
    process.stdout.write(cached);
    return 0;
  }
  let program: Command;
  try {
    program = await buildProgram(args);
  } catch (err) {
    // a command whose module needs an optional package that is not installed (the MCP SDK, vega, ...)
    const pkg = missingPackage(err);
    if (!pkg) throw err;
    out.err(`navharness: ${await missingPackageMessage(pkg, `navharness ${requestedCommand(args)}`)}`);
    return 1;
  }
  try {
    const leaf = leafOf(program, args);
    const unknown = unknownFlag(leaf, args);
    if (unknown) throw new RefusedBy(new CommanderError(USAGE_EXIT_CODE, 'commander.unknownOption', `error: unknown option '${unknown}'`), leaf);
    await program.parseAsync([...argv]);
    return 0;
  } catch (err) {
    if (err instanceof RefusedBy) {
      const { refusal: cause, command } = err;
      if (cause.code === 'commander.helpDisplayed' || cause.code === 'commander.version') return 0;
      // `help [command]` asked for the help (exit code 0, printed to stdout); no command given at all
      // is a refused command line (commander printed the help to stderr with exit code 1)
      if (cause.code === 'commander.help') return cause.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
      out.err(commanderUsage(cause, command).message);
      return USAGE_EXIT_CODE;
    }
    if (err instanceof UsageError) {
      const accepted = acceptedFor(leafOf(program, args), err.flags);
      out.err(accepted ? `${err.message}\n${accepted}` : err.message);
      return USAGE_EXIT_CODE;
    }
    // the scene opener's refusal (src/world/open-scene.ts), told by name so that this file loads no layer
    if ((err as Error).name === 'SceneError') {
      out.err(`navharness: ${(err as Error).message}`);
      return USAGE_EXIT_CODE;
    }
    const pkg = missingPackage(err);
    out.err(`navharness: ${pkg ? await missingPackageMessage(pkg, `navharness ${requestedCommand(args)}`) : (err as Error).message}`);
    return 1;
  }
}
