/** Which of these provider ids the channel already has (a history import skips them). */
export { existingExternalIds } from '../messages.repository.js';
