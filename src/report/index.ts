/** The run viewer: a static HTML report of one run directory (`navharness report RUN_DIR`). */
export { summarize } from './aggregate.js';
export { renderSvg, successByPositionSpec, trajectorySpec } from './charts.js';
export { readRun, RunReadError } from './read-run.js';
export { writeReport, type WrittenReport } from './write-report.js';
export { isEvalDirectory, writeEvalReport, type WrittenEvalReport } from './eval-report.js';
export { isVlnDirectory, writeVlnReport, type WrittenVlnReport } from './vln-report.js';
export { atePlotSpec, type AtePlotOptions, type PlotPlane, renderAtePlot } from './ate-plot.js';
export { isDeployDirectory, runIndexSpec, writeDeployReport, type WrittenDeployReport } from './deploy-report.js';
export { compareEvals, differenceLine, type WrittenComparison } from './compare-report.js';
