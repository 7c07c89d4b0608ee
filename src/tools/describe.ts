/** Text shared by several tools: the robot's estimated state and the rendering of views. */
import type { BodyFrame } from '../body/index.js';
import { rgbPng } from '../image/node.js';
import type { StatedFacts } from '../models/index.js';
import type { ToolContext } from './context.js';
import { textResult, withFacts, type ToolResult } from './tool.js';
import { stepsLeft } from './context.js';

const deg = (rad: number) => Math.round((rad * 180) / Math.PI);

/**
 * Tracking status, estimated pose (metres, heading in degrees, left positive) and budget; only the
 * budget when the context hides the pose (instruction following: forward RGB only).
 */
export function stateLine(ctx: ToolContext): string {
  const budget = `Steps used ${ctx.budget.used} of ${ctx.budget.limit} (${stepsLeft(ctx)} left).`;
  if (!ctx.poseInResults) return budget;
  const s = ctx.navigator.state;
  const pose = s.pose ? `estimated position x=${s.pose.x.toFixed(2)} m, z=${s.pose.z.toFixed(2)} m, heading ${deg(s.pose.yaw)}°` : 'no position estimate yet';
  const lost = s.status === 'ok' ? '' : ' (tracking is not ok: the map is not updated and positions are the last trusted estimate)';
  return `Tracking: ${s.status}${lost}. ${pose}, floor ${s.floor ?? 'unknown'}. ${budget}`;
}

/** The step counter `stateLine` states, as data. */
export const stateFacts = (ctx: ToolContext): StatedFacts => ({ steps: { used: ctx.budget.used, limit: ctx.budget.limit } });

/** A result whose text ends with the state line, carrying its figures. */
export function stateResult(lines: string, ctx: ToolContext, ...images: Uint8Array[]): ToolResult {
  return withFacts(textResult(`${lines}\n${stateLine(ctx)}`, ...images), stateFacts(ctx));
}

export function framePng(f: BodyFrame): Uint8Array {
  return rgbPng(f);
}
