/** Probe (see InboundAutomationStep): the stored value of a setting, null when unset (settingOrDefault reads it). */
export { settingProbe } from '../settings.repository.js';
