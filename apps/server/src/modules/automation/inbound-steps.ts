import { chatbotFlowStep } from '../chatbot/engine/chatbot-flow.step.js';
import type { InboundAutomationStep } from './inbound-chain.js';

/** Every reaction to a customer's message, each module adding its own (see InboundAutomationStep for the order). */
export const inboundSteps: InboundAutomationStep[] = [chatbotFlowStep];
