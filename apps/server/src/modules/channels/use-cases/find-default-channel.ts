/** The channel the tenant marked as its default (isDefault): where a conversation goes when none is named. */
export { findDefaultChannel } from '../channels.repository.js';
