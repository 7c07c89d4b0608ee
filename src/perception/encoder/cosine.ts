/** Vector helpers on embeddings (length-D loops, not pixel loops). */

/** Cosine of the angle between a and b; 0 when either is the zero vector. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`similarity: embeddings differ in length (${a.length} vs ${b.length}); compare embeddings of the same encoder`);
  if (a.length === 0) throw new Error('similarity: empty embeddings');
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  const d = Math.sqrt(aa * bb);
  return d > 0 ? ab / d : 0;
}

/** Unit-length copy (float64 accumulation); the zero vector stays zero. */
export function l2Normalised(v: ArrayLike<number>): Float32Array {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
  return Float32Array.from(v as ArrayLike<number>, (x) => x * inv);
}

export interface ViewMatch {
  /** index into the gallery */
  index: number;
  similarity: number;
}

/** The k gallery embeddings most similar to the query, best first (ties keep gallery order). */
export function nearestViews(query: ArrayLike<number>, gallery: readonly ArrayLike<number>[], k = 1): ViewMatch[] {
  if (!Number.isInteger(k) || k < 1) throw new Error(`nearestViews: k must be an integer ≥ 1, got ${k}`);
  return gallery
    .map((g, index) => ({ index, similarity: cosineSimilarity(query, g) }))
    .sort((a, b) => b.similarity - a.similarity || a.index - b.index)
    .slice(0, k);
}
