/**
 * The one-line summary of each command: `navharness --help` lists them (catalog.ts) and each command
 * module describes itself with the same line.
 */
export const SUMMARIES = {
  map: 'integrate a TUM RGB-D sequence into an occupancy map and write it as a PNG',
  mcp: 'serve one live navigation episode to an external agent (Claude Code, Codex CLI) over the Model Context Protocol',
  sim: 'the embedded household simulator',
  scene: 'inspect scene, stage, object and navmesh files as every command opens them',
  run: 'run a GOAT-style goal sequence in one house and write the run directory (ledger, handovers, verdicts, house notes, maps, metrics.json)',
  eval: 'run one goal sequence per procedural house in worker threads, or the episodes of a benchmark split (GOAT-Bench, R2R-CE, RxR-CE), and aggregate the scores and tokens',
  deploy: 'run K goal sequences back to back in one house with one house memory (notes, saved maps, experience archive) and report s-SR and SPL by run index',
  worker: 'run the sequence jobs of `navharness eval --queue` from Redis (BullMQ) on this machine, resuming a job whose worker died',
  slam: 'track a TUM RGB-D folder (rgb.txt + depth.txt, or associations.txt) and write the trajectory in TUM format',
  ate: 'absolute and relative trajectory error of two TUM trajectories (SE(3) or Sim(3) alignment, evo statistics), optionally plotted',
  vln: 'run instruction-following episodes with the adaptive-goal agents or the native baseline',
  dataset: 'inspect benchmark episode datasets (GOAT-Bench, R2R-CE, RxR-CE, IR2R-CE)',
  report: 'write a static HTML report of a run directory: per task the goal, map, true path, stop views, verdicts and handover; per run the scores and plots',
} as const;
