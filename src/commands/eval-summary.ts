/** The one-paragraph summary of an eval's aggregated metrics (local and queued evals print the same). */
import { failureSummary, type RunMetrics } from '../eval/index.js';

/** ' [lo, hi]' of a 95 % interval, or nothing when there is none (fewer than two sequences). */
const ci = (i: [number, number] | null | undefined): string => (i ? ` [${i[0].toFixed(3)}, ${i[1].toFixed(3)}]` : '');

export function goatSummary(out: string, m: RunMetrics): string {
  return `${out}: ${m.sequences} sequences, ${m.tasks} goals; s-SR ${m.s_SR.toFixed(3)}${ci(m.s_SR_ci95)}, e-SR ${m.e_SR.toFixed(3)}${ci(m.e_SR_ci95)}, SPL ${m.SPL.toFixed(3)}${ci(m.SPL_ci95)}${m.s_SR_ci95 ? ' (95 % bootstrap intervals over sequences)' : ''}, accuracy ${m.accuracy.toFixed(3)}; tokens in ${m.input_tokens} (cached ${m.cached_tokens}), out ${m.output_tokens}; C_K ${m.navigation_cost === null || m.navigation_cost === undefined ? '– (no prices given)' : (m.token_source === 'estimate' ? '≈' : '') + m.navigation_cost.toFixed(4)} (auxiliary ${m.auxiliary_cost?.toFixed(4) ?? '–'})\nfailures: ${failureSummary(m.failures)}`;
}
