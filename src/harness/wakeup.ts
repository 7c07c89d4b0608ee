/**
 * The wake-up step of a recovery above attempt scope: four current views are compared with the
 * photographs of stored places (shortlisted by a PlaceMatcher) and a short location brief comes back.
 * `ModelWakeUp` asks a model with no tools; `MatcherWakeUp` (offline) states the matcher's ranking.
 */
import { type Model, type Usage, image, text, ZERO_USAGE } from '../models/index.js';
import { EVIDENCE_LIMIT_CHARS, modelProse } from '../memory/index.js';
import type { Place } from '../navigator/index.js';
import { currentViewLabel, NO_STORED_PLACES_BRIEF, storedViewLabel, WAKEUP_SYSTEM, wakeupFailedBrief, wakeupRequest } from '../prompts/index.js';
import { rgbPng } from '../image/node.js';
import { providerMessage } from './model-call.js';
import type { PlaceMatcher, RgbImage } from './place-matcher.js';

export const WAKEUP_SHORTLIST = 4;

export interface WakeUpResult {
  brief: string;
  usage: Usage;
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
    const short = await this.matcher.shortlist(views, places, WAKEUP_SHORTLIST);
    const shortlist = short.map((s) => ({ place: s.place.name, score: s.score }));
    if (short.length === 0) return { brief: NO_STORED_PLACES_BRIEF, usage: { ...ZERO_USAGE }, shortlist };
    const content = [text(wakeupRequest(scope, short.map((s) => s.place.name)))];
    views.forEach((v, i) => content.push(text(currentViewLabel(i + 1)), image(png(v))));
    for (const s of short) for (const v of s.place.views) content.push(text(storedViewLabel(s.place.name, roomOf(s.place))), image(png(v)));
    let res;
    try {
      res = await this.model.complete({ system: WAKEUP_SYSTEM, messages: [{ role: 'user', content }], tools: [] });
    } catch (err) {
      // no brief rather than no run: the session is told the cue is missing and works from its views
      return { brief: wakeupFailedBrief(providerMessage(err)), usage: { ...ZERO_USAGE }, shortlist };
    }
    // model-written text shown to the next session: capped and scrubbed of coordinates (SPEC §7)
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
