/**
 * The adaptive-goal agents of seed 003 (appendix C), quoted as the paper gives them. The reply
 * formats after each prompt are this project's additions (the paper states what each agent returns
 * but not its syntax); their zod schemas are below.
 */
import { z } from 'zod';
import { fill } from './template.js';

/** C.1 — also the whole brief of the native single-agent baseline ("Codex CLI" row). */
export const INITIALIZATION_PROMPT = `You are controlling a robot using its forward-facing RGB camera. Follow this navigation instruction to its endpoint: {{instruction}} Available actions are STOP, move forward 0.25 m, turn left 15 degrees, and turn right 15 degrees. You have {{budget}} actions. STOP permanently ends the episode. At episode start, obtain the first RGB observation, initial adaptive goal, and verification question. If navigation has already started, continue from the current goal and supplied view without repeating initialization. After moving, use the resulting camera view returned with the execution record. Work autonomously until you stop.`;

/** The native single agent gets the route instruction, interface and budget, without goal agents. */
export const NATIVE_SINGLE_AGENT_PROMPT = `You are controlling a robot using its forward-facing RGB camera. Follow this navigation instruction to its endpoint: {{instruction}} Available actions are STOP, move forward 0.25 m, turn left 15 degrees, and turn right 15 degrees. You have {{budget}} actions. STOP permanently ends the episode. After moving, use the resulting camera view returned with the execution record. Work autonomously until you stop.`;

export function initializationPrompt(instruction: string, budget: number): string {
  return fill(INITIALIZATION_PROMPT, { instruction, budget });
}

export function nativeSingleAgentPrompt(instruction: string, budget: number): string {
  return fill(NATIVE_SINGLE_AGENT_PROMPT, { instruction, budget });
}

/** C.2 */
export const GOAL_AGENT_PROMPT = `Infer the current route progress from the instruction, observations, and execution history. Generate only the next goal that can be pursued from the present situation; the goal may require several actions. Pair it with a question that tests both completion and the expected landmark or spatial relation. Treat expected observations as conditions to check, not as established facts. For the final goal, check arrival without requiring that the stop command has already been issued.`;

/** C.3 */
export const VERIFY_AGENT_PROMPT = `Answer the verification question from recorded execution and visual evidence. Check the actions actually performed and whether the observed result matches the expected outcome. Base completion on the latest observation; intended actions and expected scenes alone do not prove success. Explain the evidence, completion or uncertainty, and the appropriate next step.`;

/** C.4 */
export const VISUOMOTOR_AGENT_PROMPT = `Before moving, read the active goal and its verification question. Use the current RGB view, relevant navigation history, and available verification feedback to select actions toward that goal. Execute the selected movement actions in order, then inspect the returned observation and execution record. To look in another direction, turn and use the resulting view. A goal may span several interactions; do not regenerate it before every action. After each interaction, submit the returned observation and execution record for verification. Use the feedback to continue toward an incomplete goal, request a corrective goal when the current objective no longer fits the scene, or advance after verified completion. For an ongoing episode, complete this assessment before selecting the next movement sequence. If an updated goal is already supplied, continue with that goal. Respect the movement budget. Use STOP to end the episode when you judge that the instructed endpoint has been reached.`;

/** C.5 */
export const MEMORY_AGENT_PROMPT = `Combine the previous memory with the new execution records and observations. Summarize the previously executed goals as a record of the traversed route, relevant landmarks, and spatial relations. Preserve the associated verification outcomes, including corrections and uncertainties relevant to the remaining instruction. Distinguish observations and executed actions from interpretations, and preserve uncertainty. Describe the latest goal's execution separately from earlier relevant navigation history without duplicating the same information.`;

/** Labels that keep historical and current images apart in the shared context. */
export const CURRENT_OBSERVATION_LABEL = 'Current observation (latest RGB view):';
export const historicalObservationLabel = (step: number): string => fill('Historical observation (after action {{step}}):', { step });

export const GOAL_AGENT_REPLY_FORMAT =
  'Reply with JSON only: {"goal": "<next local goal>", "question": "<verification question>", "final": <true if this goal is the instructed endpoint>}';
export const VERIFY_AGENT_REPLY_FORMAT =
  'Reply with JSON only: {"evidence": "<what the latest observation and execution record show>", "status": "complete" | "incomplete" | "uncertain", "next_step": "<advice for the next interaction>"}';
export const MEMORY_AGENT_REPLY_FORMAT = 'Reply with the updated memory as plain text.';

export const GoalAgentReplySchema = z.object({
  goal: z.string().trim().min(1),
  question: z.string().trim().min(1),
  final: z.boolean().default(false),
});
export type GoalAgentReply = z.infer<typeof GoalAgentReplySchema>;

export const VerifyAgentReplySchema = z.object({
  evidence: z.string().trim().min(1),
  status: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['complete', 'incomplete', 'uncertain'])),
  next_step: z.string().trim().min(1),
});
export type VerifyAgentReply = z.infer<typeof VerifyAgentReplySchema>;
