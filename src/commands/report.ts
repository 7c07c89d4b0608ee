/**
 * `navharness report DIR`: the run viewer, a self-contained HTML page of one run directory; for an
 * `eval` directory (one run per house) a page per run and an index with the pooled scores; for a
 * `vln` output folder the VLN scores, episodes and token growth.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { parseFlags, UsageError } from './options.js';

const price = (flag: string) =>
  z.coerce
    .number({ error: `${flag} must be a number` })
    .finite(`${flag} must be a finite number`)
    .nonnegative(`${flag} is a non-negative price per million tokens`);

const ReportFlagsSchema = z.strictObject({
  out: z.string().min(1, '--out must name a folder').optional(),
  priceInput: price('--price-input').default(0),
  priceCached: price('--price-cached').default(0),
  priceOutput: price('--price-output').default(0),
});

export function registerReport(program: Command): void {
  program
    .command('report')
    .description(SUMMARIES.report)
    .argument(
      '<run-dir...>',
      "a run directory written by 'navharness run', an eval directory written by 'navharness eval', a deployment directory written by 'navharness deploy', or a folder written by 'navharness vln'; several eval directories: their paired comparison against the first (needs --out)",
    )
    .option('--out <dir>', 'folder for index.html (default: RUN_DIR/report)')
    .option('--price-input <p>', 'p_u: USD per million uncached input tokens', '0')
    .option('--price-cached <p>', 'p_c: USD per million cached input tokens', '0')
    .option('--price-output <p>', 'USD per million output tokens', '0')
    .action(async (dirs: string[], raw: Record<string, unknown>) => {
      const f = parseFlags(ReportFlagsSchema, raw, 'report');
      // the report layer (vega, the page writers) is loaded when a report is written, not for --help
      const {
        compareEvals,
        differenceLine,
        isDeployDirectory,
        isEvalDirectory,
        isVlnDirectory,
        RunReadError,
        writeDeployReport,
        writeEvalReport,
        writeReport,
        writeVlnReport,
      } = await import('../report/index.js');
      const runDir = dirs[0];
      try {
        if (dirs.length > 1) {
          if (!f.out) throw new UsageError('navharness report: with several eval directories, --out names the folder for the comparison page');
          const c = await compareEvals(dirs, f.out);
          console.log(
            c.comparisons.map((x) => `${x.candidate} against ${x.baseline}:\n${x.differences.map((d) => `  ${differenceLine(d)}`).join('\n')}`).join('\n'),
          );
          console.log(`comparison of ${dirs.length} evals written to ${c.file}`);
          return;
        }
        const prices = { uncachedInput: f.priceInput, cachedInput: f.priceCached, output: f.priceOutput };
        if (isDeployDirectory(runDir)) {
          const d = await writeDeployReport(runDir, { out: f.out, prices });
          console.log(`report of a deployment of ${d.metrics.per_run.length} run(s) written to ${d.file}`);
          return;
        }
        if (isEvalDirectory(runDir)) {
          const e = await writeEvalReport(runDir, { out: f.out, prices });
          console.log(`report of ${e.runs.length} run(s) written to ${e.file}`);
          return;
        }
        if (isVlnDirectory(runDir)) {
          const v = await writeVlnReport(runDir, { out: f.out });
          console.log(`VLN report of ${v.episodes} episode(s) written to ${v.file}`);
          return;
        }
        const r = await writeReport(runDir, { out: f.out, prices });
        console.log(`report of ${r.run.tasks.length} task(s) written to ${r.file}`);
      } catch (e) {
        if (e instanceof RunReadError) throw new UsageError(`navharness report: cannot read the run: ${e.message}`);
        throw e;
      }
    });
}
