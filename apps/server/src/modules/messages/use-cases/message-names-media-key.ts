/** Whether a stored file is still some message's (the owner of a file it shared keeps it while so). */
export { messageNamesMediaKey } from '../messages.repository.js';
