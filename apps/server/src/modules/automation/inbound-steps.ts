import { chatbotFlowStep } from '../chatbot/engine/chatbot-flow.step.js';
import { autoReplyStep } from '../auto-replies/auto-reply-step.js';
import { absenceStep } from '../business-hours/absence-step.js';
import { answerRatingStep } from '../ratings/automation/answer-rating.step.js';
import { autoCloseKeywordStep } from '../tickets/automation/auto-close-keyword.step.js';
import { aiBotStep } from '../ai-bots/ai-bot.step.js';
import type { InboundAutomationStep } from './inbound-chain.js';

/** Every reaction to a customer's message, each module adding its own (see InboundAutomationStep for the order). */
export const inboundSteps: InboundAutomationStep[] = [
  answerRatingStep,
  autoCloseKeywordStep,
  autoReplyStep,
  chatbotFlowStep,
  aiBotStep,
  absenceStep,
];
