/**
 * Image goals for the scripted agent, recognised by appearance with the view encoder instead of the
 * simulator's instance ids: the goal photograph and every view the robot sees are embedded
 * (src/perception/encoder.ts), and a view whose cosine similarity to the photograph reaches the
 * threshold is a sighting. The photograph centres its object, so the sighting is placed at the depth
 * of the view's centre (the robot's own depth sensor).
 *
 * This recognises the photographed *view*, not the object: it fires when the robot stands roughly
 * where the photograph was taken and looks the same way, and it can be fooled by a similar-looking
 * place (the harness's close-request check then sends the agent on searching).
 */
import { PNG } from 'pngjs';
import { dropAlpha, pngSize, pngSizeProblem } from '../image/index.js';

/** A goal photograph is a camera view: more than 16.8 MP is not one, and is not decoded. */
const GOAL_PHOTO_MAX_PIXELS = 4096 * 4096;
import type { ViewEncoder } from '../perception/index.js';

/**
 * Calibrated on the simulator with scripts/calibrate-image-goals.ts (built-in GIST encoder; 51 image
 * goals of GOAT sequences 1–3 in procedural houses 3, 5, 7, 9, 11): of 592 views within 0.5 m of
 * the photograph's viewpoint and ±25° of its heading, 47 % reach 0.75; of 3060 views at random spots
 * ≥ 3 m from the goal object, one does (0.03 %; the largest is 0.81). At 0.65 the near share is 62 %
 * but 0.29 % of far views pass, too many for the hundreds of views a search sees.
 */
export const IMAGE_GOAL_THRESHOLD = 0.75;

/** a sighting needs the view's centre to be this close (m): the photographs are taken 1–2.6 m away */
const MAX_CENTRE_DEPTH_M = 4;
/** the central window whose median depth places the goal (fraction of width and height) */
const CENTRE = 0.2;

export interface DepthView {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel */
  rgb: Uint8Array;
  /** metres, ≤ 0 or non-finite where unknown */
  depth: Float32Array;
}

export interface ImageSighting {
  /** cosine similarity to the goal photograph */
  similarity: number;
  /** pixel at the centre of the view and the median depth around it (m) */
  u: number;
  v: number;
  depth: number;
}

export class ImageGoalMatcher {
  private goal: Float32Array | null = null;
  private cache: { frame: DepthView; similarity: number } | null = null;

  constructor(
    private readonly encoder: ViewEncoder,
    readonly threshold = IMAGE_GOAL_THRESHOLD,
  ) {
    if (!(threshold > -1 && threshold < 1)) throw new Error(`image goal threshold must lie in (-1, 1); got ${threshold}`);
  }

  /** Sets the goal from the photograph get_goal returned (PNG bytes). */
  async setGoalPng(png: Uint8Array): Promise<void> {
    let img: PNG;
    const tooBig = pngSize(png) && pngSizeProblem(png, 'the goal photograph', GOAL_PHOTO_MAX_PIXELS);
    if (tooBig) throw new Error(tooBig);
    try {
      img = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    } catch (e) {
      throw new Error(`goal photograph is not a readable PNG (${(e as Error).message})`);
    }
    const rgb = dropAlpha(img.data, img.width * img.height);
    this.goal = await this.encoder.embed({ width: img.width, height: img.height, rgb });
    this.cache = null;
  }

  clear(): void {
    this.goal = null;
    this.cache = null;
  }

  get hasGoal(): boolean {
    return this.goal !== null;
  }

  /** Similarity of a view to the goal photograph (the last view's score is reused). */
  async similarity(view: DepthView): Promise<number> {
    if (!this.goal) throw new Error('image goal matcher: no goal photograph set');
    if (this.cache?.frame === view) return this.cache.similarity;
    const similarity = this.encoder.similarity(this.goal, await this.encoder.embed(view));
    this.cache = { frame: view, similarity };
    return similarity;
  }

  /** A sighting when the view matches the photograph and something lies ahead within reach, else null. */
  async sighting(view: DepthView): Promise<ImageSighting | null> {
    const similarity = await this.similarity(view);
    if (similarity < this.threshold) return null;
    const depth = centreDepth(view);
    if (depth === null || depth > MAX_CENTRE_DEPTH_M) return null;
    return { similarity, u: (view.width - 1) / 2, v: (view.height - 1) / 2, depth };
  }
}

/** Median valid depth of the central window, or null when most of it is unknown. */
export function centreDepth(view: Pick<DepthView, 'width' | 'height' | 'depth'>): number | null {
  const w = Math.max(1, Math.round(view.width * CENTRE)),
    h = Math.max(1, Math.round(view.height * CENTRE));
  const x0 = Math.floor((view.width - w) / 2),
    y0 = Math.floor((view.height - h) / 2);
  const vals: number[] = [];
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const d = view.depth[y * view.width + x];
      if (d > 0 && Number.isFinite(d)) vals.push(d);
    }
  }
  if (vals.length < (w * h) / 2) return null;
  vals.sort((a, b) => a - b);
  return vals[vals.length >> 1];
}
