import type { ModuleRegistration } from '../../platform/module.js';
import { inboundSteps } from './inbound-steps.js';
import { inboundAutomationConsumer } from './listeners/run-inbound-automation.js';

export const automationModule: ModuleRegistration = { name: 'automation', consumers: [inboundAutomationConsumer(inboundSteps)] };
