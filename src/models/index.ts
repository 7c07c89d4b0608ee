/** The public surface of src/models/: what the layers above it use. */
export { AnthropicModel, toAnthropicMessages } from './anthropic.js';
export { createModel, MODEL_SPEC_FORMS, modelSettingProblems, parseModelSpec, REASONING_EFFORTS } from './factory.js';
export { DEFAULT_REQUEST_TIMEOUT_MS, type ReasoningEffort, THINKING_BUDGET } from './choices.js';
export { OpenAIChatModel, toChatMessages } from './openai-chat.js';
export { OpenAIResponsesModel } from './openai-responses.js';
export { estimateUsage, IMAGE_TOKEN_ESTIMATE, MockModel, ScriptedModel, type ScriptedStep, ScriptExhaustedError } from './scripted.js';
export {
  addUsage,
  type AssistantMessage,
  type ContentPart,
  image,
  type Message,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StatedFacts,
  type StepFacts,
  text,
  textOf,
  type ToolCall,
  type ToolDefinition,
  type ToolResultMessage,
  type TokenSource,
  tokenSourceOf,
  type Usage,
  user,
  type UserMessage,
  ZERO_USAGE,
} from './types.js';
export { DEFAULT_PROVIDER_LIMITS, MAX_TOKENS_PER_CALL, type ProviderLimits, ProviderReplyError, REQUEST_TIMEOUT_S } from './provider-guard.js';
