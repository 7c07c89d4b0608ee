/**
 * `navharness vln`: instruction-following episodes with the adaptive-goal agents (or the native
 * single-agent baseline); writes DIR/metrics.json, DIR/decisions.jsonl (per-decision input trace)
 * and DIR/episodes.json.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import { createModel, MODEL_SPEC_FORMS, parseModelSpec } from '../models/index.js';
import { parseEpisodeJson, type InstructionEpisode } from '../world/index.js';
import { VLN_CONFIGS } from '../vln/index.js';
import { writeRunOutputs, runVln, type AgentSource } from '../eval/index.js';
import { parseFlags, UsageError } from './options.js';
import { progressBar } from './progress.js';

export const VlnFlagsSchema = z.object({
  episodes: z.string({ error: 'give the instruction-episode file, e.g. --episodes episodes.json (make one with `navharness sim episodes --kind instruction`)' }).min(1),
  agent: z
    .string({ error: `give an agent: scripted, ${MODEL_SPEC_FORMS.filter((s) => s.includes(':')).join(', ')}` })
    .refine((s) => s === 'scripted' || parseModelSpec(s).ok, { message: `expected 'scripted' (offline ground-truth-perception agents) or a model spec: ${MODEL_SPEC_FORMS.filter((s) => s.includes(':')).join(', ')}` }),
  config: z.enum(VLN_CONFIGS, { error: `expected one of ${VLN_CONFIGS.join(', ')}` }),
  out: z.string({ error: 'give an output folder, e.g. --out runs/vln-goal' }).min(1),
  limit: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').positive('expected at least 1').optional(),
  budget: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(1).max(5000, 'at most 5000 actions').default(300),
  maxDecisions: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(1).max(20000).default(1000),
  json: z.boolean().default(false),
});
export type VlnFlags = z.infer<typeof VlnFlagsSchema>;

export async function loadInstructionEpisodes(path: string): Promise<InstructionEpisode[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(`navharness vln: cannot read --episodes '${path}': ${(e as Error).message}`);
  }
  let ds;
  try {
    ds = parseEpisodeJson(text, `--episodes '${path}'`);
  } catch (e) {
    throw new UsageError(`navharness vln: ${(e as Error).message}`);
  }
  if (ds.kind !== 'instruction') throw new UsageError(`navharness vln: --episodes '${path}' holds '${ds.kind}' episodes; an instruction dataset (kind: "instruction") is needed`);
  if (ds.episodes.length === 0) {
    throw new UsageError(`navharness vln: --episodes '${path}' holds no episodes; an instruction dataset with at least one episode is needed (make one with \`navharness sim episodes --kind instruction\`)`);
  }
  return ds.episodes;
}

export async function vlnCommand(raw: unknown, log: (s: string) => void = console.log): Promise<void> {
  const flags = parseFlags(VlnFlagsSchema, raw, 'vln');
  const all = await loadInstructionEpisodes(flags.episodes);
  const episodes = all.slice(0, flags.limit ?? all.length);
  const agent: AgentSource = flags.agent === 'scripted' ? { kind: 'scripted' } : { kind: 'model', model: createModel(flags.agent) };
  const bar = progressBar(`vln ${flags.config}`, episodes.length, !flags.json && process.stderr.isTTY === true);
  const run = await runVln(episodes, {
    config: flags.config,
    agent,
    budget: flags.budget,
    maxDecisions: flags.maxDecisions,
    onEpisode: () => bar.tick(),
  });
  bar.stop();
  const files = await writeRunOutputs(flags.out, run);
  const m = run.metrics;
  if (flags.json) {
    log(JSON.stringify(m));
    return;
  }
  log(`${m.episodes} episodes, config ${m.config}: NE ${m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}; ${Math.round(m.total_tokens)} tokens/episode`);
  log(`wrote ${files.metrics}, ${files.trace}, ${files.episodes}`);
}

export function registerVln(program: Command): void {
  program
    .command('vln')
    .description('run instruction-following episodes with the adaptive-goal agents or the native baseline')
    .option('--episodes <file>', 'instruction episode dataset (JSON)')
    .option('--agent <spec>', "'scripted' or openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL")
    .option('--config <name>', `configuration: ${VLN_CONFIGS.join(' | ')}`)
    .option('--out <dir>', 'output folder')
    .option('--limit <n>', 'run only the first N episodes')
    .option('--budget <n>', 'coarse actions per episode', '300')
    .option('--max-decisions <n>', 'external decisions per episode before the run is cut off', '1000')
    .option('--json', 'print the metrics as JSON only')
    .action(async (opts) => vlnCommand(opts));
}
