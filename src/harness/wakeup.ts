/**
 * The wake-up step of a recovery above attempt scope: four current views are compared with the
 * photographs of stored places and a short location brief comes back. `ModelWakeUp` asks a model with
 * no tools and shows it every stored place's photographs (seed 000: "compares them with current
 * views") up to WAKEUP_IMAGE_LIMIT images in the request; only when the places hold more does the
 * PlaceMatcher's ranking decide which are left out. `MatcherWakeUp` (offline) states the matcher's
 * ranking of its best four.
 */
import { type Model, type Usage, image, text, ZERO_USAGE } from '../models/index.js';
import { EVIDENCE_LIMIT_CHARS, modelProse } from '../memory/index.js';
import type { Place } from '../navigator/index.js';
import { currentViewLabel, NO_STORED_PLACES_BRIEF, storedViewLabel, WAKEUP_SYSTEM, wakeupFailedBrief, wakeupRequest } from '../prompts/index.js';
import { rgbPng } from '../image/node.js';
import { providerMessage } from './model-call.js';
import type { PlaceMatcher, RgbImage } from './place-matcher.js';

/** the offline wake-up's ranking length */
export const WAKEUP_SHORTLIST = 4;
/**
 * Images in one wake-up request, the four current views included: Anthropic's Messages API refuses
 * more than 100 images in a request, the strictest of the providers we drive.
 */
export const WAKEUP_IMAGE_LIMIT = 100;

/** The places whose photographs fit the image limit after the current views, best-ranked first. */
export function placesWithinImageLimit<T extends { place: Place }>(ranked: readonly T[], currentViews: number, limit = WAKEUP_IMAGE_LIMIT): T[] {
  let room = limit - currentViews;
  const shown: T[] = [];
  for (const s of ranked) {
    if (s.place.views.length === 0 || s.place.views.length > room) continue;
    shown.push(s);
    room -= s.place.views.length;
  }
  return shown;
}

export interface WakeUpResult {
  brief: string;
  usage: Usage;
  /** the places whose photographs were compared (the model wake-up: all that fit the image limit) */
  shortlist: { place: string; score: number }[];
}

export interface WakeUp {
  readonly id: string;
  brief(scope: string, views: readonly RgbImage[], places: readonly Place[], roomOf: (p: Place) => string): Promise<WakeUpResult>;
}

const png = (v: RgbImage): Uint8Array => rgbPng({ width: v.width, height: v.height, rgb: v.rgb });

export class ModelWakeUp implements WakeUp {
  constructor(
    readonly model: Model,
    readonly matcher: PlaceMatcher,
  ) {}

  get id(): string {
    return `model:${this.model.id}+${this.matcher.id}`;
  }

  async brief(scope: string, views: readonly RgbImage[], places: readonly Place[], roomOf: (p: Place) => string): Promise<WakeUpResult> {
    const fit = placesWithinImageLimit(await this.matcher.shortlist(views, places, places.length), views.length);
    // shown in the order they were stored, so that the matcher's ranking is no cue to the model
    const short = fit.sort((a, b) => places.indexOf(a.place) - places.indexOf(b.place));
    const shortlist = short.map((s) => ({ place: s.place.name, score: s.score }));
    if (short.length === 0) return { brief: NO_STORED_PLACES_BRIEF, usage: { ...ZERO_USAGE }, shortlist };
    const content = [
      text(
        wakeupRequest(
          scope,
          short.map((s) => s.place.name),
        ),
      ),
    ];
    views.forEach((v, i) => content.push(text(currentViewLabel(i + 1)), image(png(v))));
    for (const s of short) for (const v of s.place.views) content.push(text(storedViewLabel(s.place.name, roomOf(s.place))), image(png(v)));
    let res;
    try {
      res = await this.model.complete({ system: WAKEUP_SYSTEM, messages: [{ role: 'user', content }], tools: [] });
    } catch (err) {
      // no brief rather than no run: the session is told the cue is missing and works from its views
      return { brief: wakeupFailedBrief(providerMessage(err)), usage: { ...ZERO_USAGE }, shortlist };
    }
    // model-written text shown to the next session: capped and scrubbed of coordinates (paper 001 §3.1)
    return { brief: modelProse(res.message.text, EVIDENCE_LIMIT_CHARS) || NO_STORED_PLACES_BRIEF, usage: res.usage, shortlist };
  }
}

/** Offline wake-up: the brief is the matcher's ranking, stated as a resemblance, not a position. */
export class MatcherWakeUp implements WakeUp {
  constructor(readonly matcher: PlaceMatcher) {}

  get id(): string {
    return `matcher:${this.matcher.id}`;
  }

  async brief(_scope: string, views: readonly RgbImage[], places: readonly Place[], roomOf: (p: Place) => string): Promise<WakeUpResult> {
    const short = await this.matcher.shortlist(views, places, WAKEUP_SHORTLIST);
    const shortlist = short.map((s) => ({ place: s.place.name, score: s.score }));
    if (short.length === 0) return { brief: NO_STORED_PLACES_BRIEF, usage: { ...ZERO_USAGE }, shortlist };
    const ranked = short.map((s) => `"${s.place.name}" (room label ${roomOf(s.place)}, view similarity ${s.score.toFixed(2)})`);
    const brief = `By appearance alone, the current views most resemble ${ranked[0]}; alternatives: ${ranked.slice(1).join(', ') || 'none'}. This is a coarse appearance cue, not a position.`;
    return { brief, usage: { ...ZERO_USAGE }, shortlist };
  }
}
