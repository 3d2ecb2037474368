import type { Db } from '../../platform/db/client.js';
import { queryFixed, type FixedStatement } from '../../platform/db/prepared.js';
import type { OutboundDelivery } from './messages.repository.js';

/** What the template variables of a ticket's message are made of, read in one statement. */
export interface TemplateFacts {
  ticket: { id: number; contactId: number; channelId: number; userId: number | null };
  contact: {
    name: string;
    number: string | null;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    businessName: string | null;
    /** Its additional information: the values of the tenant's contact variables, by name. */
    extraInfo: { name: string; value: string }[];
  };
  agent: { name: string; email: string } | null;
  /** The name of the ticket's kanban lane ({{kanban}}), null without one. */
  laneName: string | null;
  /** The ticket's protocol ({{protocol}}), null without one. */
  protocol: string | null;
  timeZone: string;
  /** Read with them, for the send of the message they fill in. */
  delivery: OutboundDelivery;
}

/**
 * The template facts of the ticket row `ticketAlias` as one JSON value (a scalar subquery), for
 * statements of other modules that already hold the ticket (the chatbot reads them with the
 * ticket's lock): `agent` is the SQL of the agent's id (null: the ticket's own user).
 */
export function templateFactsJson(ticketAlias: string, agent: string): string {
  return `(select json_build_object(
      'ticket', json_build_object('id', ${ticketAlias}.id, 'contactId', ${ticketAlias}.contact_id, 'channelId', ${ticketAlias}.channel_id, 'userId', ${ticketAlias}.user_id),
      'contact', json_build_object('name', fc.name, 'number', fc.number, 'email', fc.email, 'firstName', fc.first_name,
        'lastName', fc.last_name, 'businessName', fc.business_name, 'extraInfo', fc.extra_info),
      'agent', case when fu.id is null then null else json_build_object('name', fu.name, 'email', fu.email) end,
      'laneName', fl.name,
      'protocol', fp.protocol,
      'timeZone', ftn.time_zone,
      'delivery', json_build_object('channelType', fch.type, 'contactKey', fc.external_key))
    from contacts fc
    join tenants ftn on ftn.id = ${ticketAlias}.tenant_id
    join channels fch on fch.id = ${ticketAlias}.channel_id
    left join lanes fl on fl.id = ${ticketAlias}.lane_id
    left join ticket_protocols fp on fp.ticket_id = ${ticketAlias}.id
    left join users fu on fu.tenant_id = ${ticketAlias}.tenant_id and fu.id = coalesce(${agent}, ${ticketAlias}.user_id)
    where fc.id = ${ticketAlias}.contact_id)`;
}

const FIND_TEMPLATE_FACTS: FixedStatement = {
  name: 'template_facts',
  text: `select ${templateFactsJson('t', '$3::int')} as facts from tickets t where t.tenant_id = $1 and t.id = $2`,
};

/** The ticket, its contact, its kanban lane, the agent (`userId`, else the ticket's) and the tenant's clock. */
export async function findTemplateFacts(
  db: Db,
  tenantId: number,
  ticketId: number,
  userId?: number | null,
): Promise<TemplateFacts | undefined> {
  const [row] = await queryFixed<{ facts: TemplateFacts | null }>(db, FIND_TEMPLATE_FACTS, [tenantId, ticketId, userId ?? null]);
  return row?.facts ?? undefined;
}
