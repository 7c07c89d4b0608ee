/**
 * Shortlisting stored places by view similarity for the wake-up session. `EncoderPlaceMatcher` ranks
 * by cosine similarity of ViewEncoder embeddings (onnxruntime; the built-in GIST descriptor or any
 * image encoder). The colour-histogram baseline is src/baselines/histogram-place-matcher.ts.
 */
import type { ViewEncoder } from '../perception/index.js';
import type { Place } from '../navigator/index.js';

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
