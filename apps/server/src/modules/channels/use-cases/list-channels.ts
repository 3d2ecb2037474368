/** The tenant's channels, for the modules that offer a choice of them (flow checks, the API directory, group tools). */
export { listChannels } from '../channels.repository.js';
