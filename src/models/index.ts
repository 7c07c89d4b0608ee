export * from './types.js';
export * from './openai-responses.js';
export * from './openai-chat.js';
export * from './anthropic.js';
export * from './scripted.js';
export * from './factory.js';
