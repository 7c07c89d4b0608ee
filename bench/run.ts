/**
 * `npm run bench -- <suite> [--json]`: runs `bench/<suite>.ts`, which exports `run(opts)` returning
 * a table of rows for people and one flat record for machines. With --json the last line printed is
 * that record as one JSON object.
 */
import { readdirSync } from 'node:fs';

export interface BenchOptions {
  json: boolean;
  quick: boolean;
  /** `--profile`: suites that can split their time into parts report them too (bench/step.ts) */
  profile: boolean;
  log: (line: string) => void;
}

export interface BenchResult {
  /** human-readable table rows: name → median etc. */
  table: Record<string, string | number>[];
  /** the machine-readable summary printed as the last line with --json */
  summary: Record<string, number | string | boolean | null>;
}

const args = process.argv.slice(2);
const suites = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'stats.ts'].includes(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();
const suite = args.find((a) => !a.startsWith('--'));
const unknownFlag = args.find((a) => a.startsWith('--') && !['--json', '--quick', '--profile'].includes(a));
if (!suite || !suites.includes(suite) || unknownFlag) {
  const why = unknownFlag ? `unknown flag ${unknownFlag}` : suite ? `unknown suite '${suite}'` : 'no suite given';
  console.error(`bench: ${why}. Usage: npm run bench -- <${suites.join('|')}> [--json] [--quick] [--profile]`);
  process.exit(2);
}
const opts: BenchOptions = {
  json: args.includes('--json'),
  quick: args.includes('--quick'),
  profile: args.includes('--profile'),
  log: (l) => console.error(l),
};
const mod = (await import(`./${suite}.ts`)) as { run: (o: BenchOptions) => Promise<BenchResult> };
const result = await mod.run(opts);
console.table(result.table);
if (opts.json) console.log(JSON.stringify(result.summary));
else console.log(result.summary);
