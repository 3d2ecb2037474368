/** Probe (see InboundAutomationStep): the channel's auto-close keyword, or null. */
export { autoCloseKeywordProbe } from '../channels.repository.js';
