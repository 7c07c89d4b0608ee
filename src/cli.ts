#!/usr/bin/env node
/**
 * The `navharness` command (package.json "bin": dist/cli.js, compiled from this file). Each
 * subcommand lives in `src/commands/<name>.ts` and is imported only when it runs (commands/main.ts);
 * a refused command line exits with 2, a failure with 1.
 */
import { cachedHelp, readHelpCache } from './commands/help-cache.js';

// a command line that asks only for help is answered from the build's cache before commander and the
// catalog load (a third of what `<command> --help` cost over bare Node)
const cache = readHelpCache();
const help = cachedHelp(process.argv.slice(2), cache);
if (help !== undefined) process.stdout.write(help);
else {
  const { main } = await import('./commands/main.js');
  const code = await main(process.argv, undefined, cache);
  if (code !== 0) process.exit(code);
}
