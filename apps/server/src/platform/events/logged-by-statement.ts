import type { DomainEvent } from './domain-events.js';

/**
 * Events logged by a statement of their transaction (with the change they tell of, one round trip
 * less), rather than by the transaction's closing record; by event, their log ids.
 */
const loggedIds = new WeakMap<DomainEvent, string>();

/** The log as stored: the event without what only this process's listeners use (the rows it carries). */
function storedPayload(event: DomainEvent): DomainEvent {
  if (!('stored' in event) || !event.stored) return event;
  const { stored: _stored, ...rest } = event;
  return rest;
}

/** The rows of `events` for EVENT_ROWS_INSERT, in their order. */
export function eventRowsJson(events: readonly DomainEvent[]): string {
  return JSON.stringify(events.map((event) => ({ tenant_id: event.tenantId, type: event.type, payload: storedPayload(event) })));
}

/**
 * The insert of the rows of `eventRowsJson` (the parameter `param`, jsonb), answering their ids in
 * that order: the sequence numbers them in the order of the array, which is the order the log's
 * sweep relays them in.
 */
export function eventRowsInsert(param: string): string {
  return `insert into domain_events (tenant_id, type, payload)
           select e.tenant_id, e.type, e.payload
           from rows from (jsonb_to_recordset(${param}::jsonb) as (tenant_id int, type text, payload jsonb)) with ordinality as e(tenant_id, type, payload, n)
           order by e.n
           returning id`;
}

/**
 * The insert of one `type` event per row of the CTE `from` (which has a tenant_id), for statements
 * whose event names what only the statement knows (the id it inserted, the ticket it found):
 * `fields` are the payload's other keys, as SQL expressions over `from`'s row, so that the logged
 * payload is the one storedPayload gives of the event the caller relays. Answers the new ids.
 */
export function eventPerRowInsert(from: string, type: DomainEvent['type'], fields: Record<string, string>, where?: string): string {
  const payload = [
    `'type', '${type}'`,
    `'tenantId', ${from}.tenant_id`,
    ...Object.entries(fields).map(([key, expression]) => `'${key}', ${expression}`),
  ];
  return `insert into domain_events (tenant_id, type, payload)
    select ${from}.tenant_id, '${type}', jsonb_build_object(${payload.join(', ')})
    from ${from}${where ? ` where ${where}` : ''}
    returning id`;
}

/** The transaction's events that no statement has logged yet, in their order. */
export function unloggedEvents(events: readonly DomainEvent[]): DomainEvent[] {
  return events.filter((event) => !loggedIds.has(event));
}

/** After a statement logged these events (every event of the transaction before them too): their ids, in order. */
export function noteLogged(events: readonly DomainEvent[], ids: readonly string[]): void {
  if (ids.length !== events.length) throw new Error(`A statement logged ${ids.length} events for ${events.length}.`);
  events.forEach((event, index) => loggedIds.set(event, ids[index]));
}

/** The id a statement of the transaction logged this event under, if one did. */
export function loggedIdOf(event: DomainEvent): string | undefined {
  return loggedIds.get(event);
}
