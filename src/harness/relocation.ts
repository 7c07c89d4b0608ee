/**
 * Relocation between tasks (paper 001 §3.3): the environment has moved the body; the harness keeps the
 * spatial state and files, turns the body once in place (which also feeds the tracker to seek
 * relocalisation, paper 001 §3.2) and attaches the four surrounding views to the next task's opening.
 */
import type { BodyFrame } from '../body/index.js';
import type { Navigator } from '../navigator/index.js';

export async function relocationViews(navigator: Navigator): Promise<BodyFrame[]> {
  return navigator.turnInPlace(6, { afterRelocation: true });
}
