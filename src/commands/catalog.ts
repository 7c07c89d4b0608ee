/**
 * The commands of `navharness`, each with the one-line summary that `navharness --help` lists and a
 * loader of its module. Only the command that runs is imported: `navharness --help` and
 * `navharness ate ...` never load the model SDKs, vega or the MCP SDK. A test keeps each summary
 * equal to the description its module registers.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<(program: Command) => void>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'map',
    summary: SUMMARIES.map,
    load: async () => (await import('./map.js')).registerMap,
  },
  {
    name: 'mcp',
    summary: SUMMARIES.mcp,
    load: async () => (await import('./mcp.js')).registerMcp,
  },
  {
    name: 'sim',
    summary: SUMMARIES.sim,
    load: async () => (await import('./sim.js')).registerSim,
  },
  {
    name: 'scene',
    summary: SUMMARIES.scene,
    load: async () => (await import('./scene.js')).registerScene,
  },
  {
    name: 'run',
    summary: SUMMARIES.run,
    load: async () => (await import('./run.js')).registerRun,
  },
  {
    name: 'eval',
    summary: SUMMARIES.eval,
    load: async () => (await import('./eval.js')).registerEval,
  },
  {
    name: 'deploy',
    summary: SUMMARIES.deploy,
    load: async () => (await import('./deploy.js')).registerDeploy,
  },
  {
    name: 'worker',
    summary: SUMMARIES.worker,
    load: async () => (await import('./worker.js')).registerWorker,
  },
  {
    name: 'slam',
    summary: SUMMARIES.slam,
    load: async () => (await import('./slam.js')).registerSlam,
  },
  {
    name: 'ate',
    summary: SUMMARIES.ate,
    load: async () => (await import('./ate.js')).registerAte,
  },
  {
    name: 'vln',
    summary: SUMMARIES.vln,
    load: async () => (await import('./vln.js')).registerVln,
  },
  {
    name: 'dataset',
    summary: SUMMARIES.dataset,
    load: async () => (await import('./dataset.js')).registerDataset,
  },
  {
    name: 'report',
    summary: SUMMARIES.report,
    load: async () => (await import('./report.js')).registerReport,
  },
];
