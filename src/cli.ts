#!/usr/bin/env node
/**
 * The `navharness` command (package.json "bin": dist/cli.js, compiled from this file). Each
 * subcommand lives in `src/commands/<name>.ts` and is imported only when it runs (commands/main.ts);
 * a refused command line exits with 2, a failure with 1.
 */
import { main } from './commands/main.js';

const code = await main(process.argv);
if (code !== 0) process.exit(code);
