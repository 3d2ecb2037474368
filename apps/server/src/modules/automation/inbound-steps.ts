import { autoReplyStep } from '../auto-replies/auto-reply-step.js';
import { absenceStep } from '../business-hours/absence-step.js';
import type { InboundAutomationStep } from './inbound-chain.js';

/** Every reaction to a customer's message, each module adding its own (see InboundAutomationStep for the order). */
export const inboundSteps: InboundAutomationStep[] = [autoReplyStep, absenceStep];
