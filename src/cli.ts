#!/usr/bin/env node
/**
 * The `navharness` command. Each subcommand lives in `src/commands/<name>.ts` and registers itself;
 * this file only assembles them. Bad flags end with a message naming the flag and what is accepted.
 */
import { Command, CommanderError } from 'commander';
import { registerMap } from './commands/map.js';
import { registerMcp } from './commands/mcp.js';
import { registerSim } from './commands/sim.js';
import { registerRun } from './commands/run.js';
import { registerEval } from './commands/eval.js';
import { registerVln } from './commands/vln.js';
import { UsageError } from './commands/options.js';
import { registerSlam } from './commands/slam.js';
import { registerAte } from './commands/ate.js';
import { registerReport } from './commands/report.js';

const program = new Command('navharness')
  .description('NavHarness: lifelong embodied navigation with a WebAssembly navigation core')
  .showHelpAfterError()
  .exitOverride();

registerMap(program);
registerMcp(program);
registerSim(program);
registerRun(program);
registerEval(program);
registerSlam(program);
registerAte(program);
registerVln(program);
registerReport(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  if (err instanceof UsageError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(`navharness: ${(err as Error).message}`);
  process.exit(1);
}
