import type { EventConsumer } from './events/consumers.js';
import type { AnyJobDefinition } from './jobs/define-job.js';

/** What a module hands the platform at start: its durable jobs and its event consumers. */
export interface ModuleRegistration {
  name: string;
  jobs?: readonly AnyJobDefinition[];
  consumers?: readonly EventConsumer[];
}
