/**
 * The wake-up session of a recovery above attempt scope: it compares the four current views with the
 * photographs banked at stored places and returns a short location brief. Recognising a place does
 * not fix the robot's metric pose; tracking stays the localisation tool's job.
 */
import { fill } from './template.js';

export const WAKEUP_SYSTEM = `You help a household robot recognise where it is. You have no tools. You receive four views of the robot's current surroundings and, for each place it marked earlier, the photographs taken there with the place's name and room label.

Return a short location brief, in fewer than 80 words: which stored place or room the current views most resemble and the visual evidence for it, how sure you are, and the alternatives if the views are ambiguous. Recognising a room does not determine the robot's exact position; do not give coordinates.`;

export const WAKEUP_REQUEST = `Recovery scope: {{scope}}. The four current views come first (front, left, back, right), then the stored places: {{places}}.`;

export function wakeupRequest(scope: string, placeNames: readonly string[]): string {
  return fill(WAKEUP_REQUEST, { scope, places: placeNames.length ? placeNames.join(', ') : 'none stored' });
}

export const currentViewLabel = (i: number): string => fill('current view {{i}} of 4', { i });
export const storedViewLabel = (place: string, room: string): string => fill('stored place "{{place}}" (room label: {{room}})', { place, room });

/** Used instead of a wake-up brief when no place photographs are stored. */
/** The brief when the wake-up model call failed (a provider error): no cue, stated as such. */
export const wakeupFailedBrief = (error: string): string =>
  `The location brief is unavailable (the wake-up model call failed: ${error.slice(0, 200)}): work out your location from the supplied views and the map.`;

export const NO_STORED_PLACES_BRIEF = 'No place photographs are stored yet: work out your location from the supplied views and the map.';
