/** The one-paragraph summary of an eval's aggregated metrics (local and queued evals print the same). */
import { failureSummary, type RunMetrics } from '../eval/index.js';

export function goatSummary(out: string, m: RunMetrics): string {
  return `${out}: ${m.sequences} sequences, ${m.tasks} goals; s-SR ${m.s_SR.toFixed(3)}, e-SR ${m.e_SR.toFixed(3)}, SPL ${m.SPL.toFixed(3)}, accuracy ${m.accuracy.toFixed(3)}; tokens in ${m.input_tokens} (cached ${m.cached_tokens}), out ${m.output_tokens}; C_K ${m.navigation_cost === null || m.navigation_cost === undefined ? '– (no prices given)' : (m.token_source === 'estimate' ? '≈' : '') + m.navigation_cost.toFixed(4)} (auxiliary ${m.auxiliary_cost?.toFixed(4) ?? '–'})\nfailures: ${failureSummary(m.failures)}`;
}
