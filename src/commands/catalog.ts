/**
 * The commands of `navharness`, each with the one-line summary that `navharness --help` lists and a
 * loader of its module. Only the command that runs is imported: `navharness --help` and
 * `navharness ate ...` never load the model SDKs, vega or the MCP SDK. A test keeps each summary
 * equal to the description its module registers.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'map',
    summary: 'integrate a TUM RGB-D sequence into an occupancy map and write it as a PNG',
    load: async () => (await import('./map.js')).registerMap,
  },
  {
    name: 'mcp',
    summary: 'serve one live navigation episode to an external agent (Claude Code, Codex CLI) over the Model Context Protocol',
    load: async () => (await import('./mcp.js')).registerMcp,
  },
  {
    name: 'sim',
    summary: 'the embedded household simulator',
    load: async () => (await import('./sim.js')).registerSim,
  },
  {
    name: 'scene',
    summary: 'inspect scene, stage, object and navmesh files as every command opens them',
    load: async () => (await import('./scene.js')).registerScene,
  },
  {
    name: 'run',
    summary: 'run a GOAT-style goal sequence in one house and write the run directory (ledger, handovers, verdicts, house notes, maps, metrics.json)',
    load: async () => (await import('./run.js')).registerRun,
  },
  {
    name: 'eval',
    summary: 'run one goal sequence per procedural house in worker threads, or the episodes of a benchmark split (GOAT-Bench, R2R-CE, RxR-CE), and aggregate the scores and tokens',
    load: async () => (await import('./eval.js')).registerEval,
  },
  {
    name: 'deploy',
    summary: 'run K goal sequences back to back in one house with one house memory (notes, saved maps, experience archive) and report s-SR and SPL by run index',
    load: async () => (await import('./deploy.js')).registerDeploy,
  },
  {
    name: 'worker',
    summary: 'run the sequence jobs of `navharness eval --queue` from Redis (BullMQ) on this machine, resuming a job whose worker died',
    load: async () => (await import('./worker.js')).registerWorker,
  },
  {
    name: 'slam',
    summary: 'track a TUM RGB-D folder (rgb.txt + depth.txt, or associations.txt) and write the trajectory in TUM format',
    load: async () => (await import('./slam.js')).registerSlam,
  },
  {
    name: 'ate',
    summary: 'absolute and relative trajectory error of two TUM trajectories (SE(3) or Sim(3) alignment, evo statistics), optionally plotted',
    load: async () => (await import('./ate.js')).registerAte,
  },
  {
    name: 'vln',
    summary: 'run instruction-following episodes with the adaptive-goal agents or the native baseline',
    load: async () => (await import('./vln.js')).registerVln,
  },
  {
    name: 'dataset',
    summary: 'inspect benchmark episode datasets (GOAT-Bench, R2R-CE, RxR-CE, IR2R-CE)',
    load: async () => (await import('./dataset.js')).registerDataset,
  },
  {
    name: 'report',
    summary: 'write a static HTML report of a run directory: per task the goal, map, true path, stop views, verdicts and handover; per run the scores and plots',
    load: async () => (await import('./report.js')).registerReport,
  },
];
