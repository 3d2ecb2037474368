import type { EventConsumer } from '../../../platform/events/consumers.js';
import { enforceGroupEvent } from '../use-cases/enforce-group-event.js';

/** The ban list, the word list, greetings and farewells, reacting to the channels' group events (use-cases/enforce-group-event.ts). */
export const enforceGroupEventsConsumer: EventConsumer = {
  name: 'group-tools.enforce',
  types: ['group.participants', 'group.message'],
  async handle(ctx, event) {
    if (event.type === 'group.participants' || event.type === 'group.message') await enforceGroupEvent(ctx, event);
  },
};
