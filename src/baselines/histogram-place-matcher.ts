/**
 * A dependency-free place-matcher baseline for the wake-up session: coarse colour histograms of
 * sparsely sampled pixels, compared by intersection. A weak appearance cue kept as a fallback and
 * test oracle; the matcher of real runs is `EncoderPlaceMatcher` (src/harness/place-matcher.ts).
 */
import type { Place } from '../navigator/index.js';
import type { PlaceMatcher, PlaceScore, RgbImage } from '../harness/index.js';

const BINS = 4; // per channel: 64 bins
const SAMPLES = 2048;

export function colourHistogram(img: RgbImage): Float64Array {
  const h = new Float64Array(BINS * BINS * BINS);
  const n = img.width * img.height;
  const stride = Math.max(1, Math.floor(n / SAMPLES));
  let count = 0;
  for (let p = 0; p < n; p += stride) {
    const o = p * 3;
    const bin = ((img.rgb[o] * BINS) >> 8) * BINS * BINS + ((img.rgb[o + 1] * BINS) >> 8) * BINS + ((img.rgb[o + 2] * BINS) >> 8);
    h[bin]++;
    count++;
  }
  if (count) for (let i = 0; i < h.length; i++) h[i] /= count;
  return h;
}

/** Histogram intersection: 1 for identical distributions, 0 for disjoint ones. */
export function intersection(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.min(a[i], b[i]);
  return s;
}

export class HistogramPlaceMatcher implements PlaceMatcher {
  readonly id = 'colour-histogram';

  async shortlist(current: readonly RgbImage[], places: readonly Place[], k: number): Promise<PlaceScore[]> {
    const cur = current.map(colourHistogram);
    const scored = places
      .filter((p) => p.views.length > 0)
      .map((place) => {
        let best = 0;
        for (const v of place.views) {
          const hv = colourHistogram(v);
          for (const c of cur) best = Math.max(best, intersection(c, hv));
        }
        return { place, score: best };
      });
    return scored.sort((a, b) => b.score - a.score).slice(0, Math.max(0, k));
  }
}
