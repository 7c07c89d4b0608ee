/**
 * Shortlisting stored places by view similarity for the wake-up session. `EncoderPlaceMatcher` ranks
 * by cosine similarity of ViewEncoder embeddings (onnxruntime; the built-in GIST descriptor or any
 * image encoder); `HistogramPlaceMatcher` compares coarse colour histograms of sparsely sampled pixels
 * — a weak appearance cue kept as a dependency-free fallback and test oracle.
 */
import type { ViewEncoder } from '../perception/encoder.js';
import type { Place } from '../navigator/places.js';

export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

export interface PlaceScore {
  place: Place;
  /** best similarity between any current view and any of the place's views, 0..1 */
  score: number;
}

export interface PlaceMatcher {
  readonly id: string;
  shortlist(current: readonly RgbImage[], places: readonly Place[], k: number): Promise<PlaceScore[]>;
}

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

/** Best cosine similarity between any current view and any of a place's views, by embeddings. */
export class EncoderPlaceMatcher implements PlaceMatcher {
  constructor(private readonly encoder: ViewEncoder) {}

  get id(): string {
    return `view-encoder:${this.encoder.source}`;
  }

  async shortlist(current: readonly RgbImage[], places: readonly Place[], k: number): Promise<PlaceScore[]> {
    const withViews = places.filter((p) => p.views.length > 0);
    if (withViews.length === 0 || current.length === 0) return [];
    const cur = await this.encoder.embedBatch(current);
    const scored: PlaceScore[] = [];
    for (const place of withViews) {
      const emb = await this.encoder.embedBatch(place.views);
      let best = -1;
      for (const e of emb) for (const c of cur) best = Math.max(best, this.encoder.similarity(c, e));
      scored.push({ place, score: best });
    }
    return scored.sort((a, b) => b.score - a.score).slice(0, Math.max(0, k));
  }
}
