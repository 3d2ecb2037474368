import type { AiProtocol } from '@conversa/shared';
import { anthropicMessages } from './anthropic-messages.js';
import { geminiGenerateContent } from './gemini-generate-content.js';
import type { LlmProtocolAdapter } from './llm-client.js';
import { ollamaChat } from './ollama-chat.js';
import { openAiChatCompletions } from './openai-chat-completions.js';

/** The adapter of each wire protocol (each takes the tenant's base URL). */
export const LLM_PROTOCOLS: Readonly<Record<AiProtocol, LlmProtocolAdapter>> = {
  openai: openAiChatCompletions,
  ollama: ollamaChat,
  anthropic: anthropicMessages,
  gemini: geminiGenerateContent,
};
