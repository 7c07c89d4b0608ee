/** The run viewer: a static HTML report of one run directory (`navharness report RUN_DIR`). */
export { readRun, RunReadError, TrajectoryFileSchema, type RunData, type TaskData, type TrajectoryFile } from './read-run.js';
export { summarize, taskUsage, type RunSummary, type TaskSummary } from './aggregate.js';
export { costPerTaskSpec, renderSvg, successByPositionSpec, tokensPerTaskSpec, trajectorySpec } from './charts.js';
export { esc, renderHtml, type ReportPlots } from './html.js';
export { renderPlots, writeReport, type ReportOptions, type WrittenReport } from './write-report.js';
