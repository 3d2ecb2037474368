import { BILLING_LEAD_DAYS, type BillingBlockReason, type BillingType, type PaymentStatus } from '@conversa/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { billingSettings, billingWebhookEvents, payments, plans, tenants } from '../../platform/db/schema.js';

/**
 * Subscriptions and payments. The billing columns of `tenants` (trial end, block, provider customer
 * id) belong to this module: it is the only one that writes them. Tenant 1 is never billed.
 */
export type PaymentRow = typeof payments.$inferSelect;
export type BillingSettingsRow = typeof billingSettings.$inferSelect;
export type PaymentView = PaymentRow & { tenantName: string; planName: string | null };

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

// ---- provider settings (one row) ----

export async function findBillingSettings(db: Db): Promise<BillingSettingsRow | undefined> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return row;
}

export async function upsertBillingSettings(
  db: Db,
  values: { active: boolean; baseUrl: string; apiKey: string | null; webhookToken: string | null; billingType: BillingType },
): Promise<BillingSettingsRow> {
  const [row] = await db
    .insert(billingSettings)
    .values({ id: 1, provider: 'asaas', ...values })
    .onConflictDoUpdate({ target: billingSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row;
}

// ---- the tenant's billing facts ----

export interface TenantBilling {
  id: number;
  name: string;
  status: string;
  identity: string | null;
  phone: string | null;
  planId: number | null;
  paymentActive: boolean;
  paymentCustomerId: string | null;
  trial: boolean;
  trialEndsAt: Date | null;
  billingBlockedReason: BillingBlockReason | null;
  maxUsers: number;
  maxConnections: number;
}

export async function findTenantBilling(db: Db, tenantId: number): Promise<TenantBilling | undefined> {
  const [row] = await db
    .select({
      id: tenants.id,
      name: tenants.name,
      status: tenants.status,
      identity: tenants.identity,
      phone: tenants.phone,
      planId: tenants.planId,
      paymentActive: tenants.paymentActive,
      paymentCustomerId: tenants.paymentCustomerId,
      trial: tenants.trial,
      trialEndsAt: tenants.trialEndsAt,
      billingBlockedReason: tenants.billingBlockedReason,
      maxUsers: tenants.maxUsers,
      maxConnections: tenants.maxConnections,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row;
}

export async function setTenantPaymentCustomer(db: Db, tenantId: number, customerId: string): Promise<void> {
  await db
    .update(tenants)
    .set({ paymentCustomerId: customerId, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/** The company's plan and the limits that come with it. */
export async function setTenantPlan(db: Db, tenantId: number, plan: { id: number; users: number; connections: number }): Promise<void> {
  await db
    .update(tenants)
    .set({ planId: plan.id, maxUsers: plan.users, maxConnections: plan.connections, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/** What the company uses now, against a plan's limits. */
export async function countTenantUsage(db: Db, tenantId: number): Promise<{ users: number; connections: number }> {
  const [row] = await select<{ users: number; connections: number }>(
    db,
    sql`select (select count(*)::int from users where tenant_id = ${tenantId}) as users,
               (select count(*)::int from channels where tenant_id = ${tenantId}) as connections`,
  );
  return row ?? { users: 0, connections: 0 };
}

/** The email of the company's first administrator (the payer's contact at the provider). */
export async function findTenantAdminEmail(db: Db, tenantId: number): Promise<string | null> {
  const [row] = await select<{ email: string }>(
    db,
    sql`select email from users where tenant_id = ${tenantId} and profile in ('admin', 'superadmin') order by id limit 1`,
  );
  return row?.email ?? null;
}

/**
 * Sets every company's block to what its payments say, in one statement, and answers the companies
 * whose block changed. A company is billed when it is active, has `paymentActive` and a plan with a
 * value; a billed company is blocked when a payment is overdue (`payment_overdue`) or when its trial
 * ended (at `now`) and nothing was received yet (`trial_ended`). Tenant 1 is never blocked.
 */
export async function applyBillingBlocks(
  db: Db,
  now: Date,
  tenantId?: number,
): Promise<{ id: number; reason: BillingBlockReason | null }[]> {
  const only = tenantId === undefined ? sql`true` : sql`t.id = ${tenantId}`;
  return select<{ id: number; reason: BillingBlockReason | null }>(
    db,
    sql`with desired as (
          select t.id,
            case
              when not (t.payment_active and t.status = 'active' and coalesce(p.value, 0) > 0) then null
              when exists (select 1 from payments x where x.tenant_id = t.id and x.status = 'overdue') then 'payment_overdue'
              when t.trial_ends_at is not null and t.trial_ends_at <= ${now.toISOString()}::timestamptz
                and not exists (select 1 from payments x where x.tenant_id = t.id and x.status = 'received') then 'trial_ended'
              else null
            end as reason
          from tenants t left join plans p on p.id = t.plan_id
          where t.id <> 1 and ${only}
        )
        update tenants t
           set billing_blocked_reason = d.reason,
               billing_blocked_at = case when d.reason is null then null else coalesce(t.billing_blocked_at, ${now.toISOString()}::timestamptz) end,
               updated_at = now()
          from desired d
         where d.id = t.id and t.billing_blocked_reason is distinct from d.reason
     returning t.id, t.billing_blocked_reason as reason`,
  );
}

// ---- payments ----

/**
 * The charges due within BILLING_LEAD_DAYS on each billed company's clock: its next due date is a
 * month after its latest payment's, or, for its first, the day its trial ends (or it signed up).
 */
export async function listDueCharges(db: Db, now: Date): Promise<{ tenantId: number; planId: number; value: number; dueDate: string }[]> {
  const rows = await select<{ tenantId: number; planId: number; value: string; dueDate: string }>(
    db,
    sql`select * from (
          select t.id as "tenantId", p.id as "planId", p.value,
            to_char(coalesce(
              (select (max(x.due_date) + interval '1 month')::date from payments x where x.tenant_id = t.id),
              (coalesce(t.trial_ends_at, t.created_at) at time zone t.time_zone)::date
            ), 'YYYY-MM-DD') as "dueDate",
            (${now.toISOString()}::timestamptz at time zone t.time_zone)::date as today
          from tenants t join plans p on p.id = t.plan_id
          where t.id <> 1 and t.payment_active and t.status = 'active' and p.value > 0
        ) due
        where due."dueDate"::date <= due.today + ${BILLING_LEAD_DAYS}::int`,
  );
  return rows.map((row) => ({ ...row, value: Number(row.value) }));
}

/** A company's charge for a due date; undefined when it exists already (the unique key is the dedupe). */
export async function insertPaymentIfAbsent(
  db: Db,
  values: { tenantId: number; planId: number; value: number; dueDate: string; billingType: BillingType },
): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

/** Pending payments whose due date passed on the company's clock become overdue; answers their companies. */
export async function markOverduePayments(db: Db, now: Date): Promise<number[]> {
  const rows = await select<{ tenantId: number }>(
    db,
    sql`update payments p set status = 'overdue', updated_at = now()
          from tenants t
         where t.id = p.tenant_id and p.status = 'pending'
           and p.due_date < (${now.toISOString()}::timestamptz at time zone t.time_zone)::date
     returning p.tenant_id as "tenantId"`,
  );
  return [...new Set(rows.map((r) => r.tenantId))];
}

/** Pending payments without a provider charge (the provider was off, or its creation failed for good). */
export async function listPaymentsWithoutCharge(db: Db, limit = 200): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(sql`${payments.providerPaymentId} is null`, sql`${payments.status} <> 'received'`))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findPaymentById(db: Db, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  return row;
}

export async function findPaymentByProviderId(db: Db, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

export async function setPaymentCharge(
  db: Db,
  paymentId: string,
  charge: { providerPaymentId: string; link: string | null; bankSlipUrl: string | null },
): Promise<void> {
  await db
    .update(payments)
    .set({ provider: 'asaas', ...charge, updatedAt: sql`now()` })
    .where(eq(payments.id, paymentId));
}

/** Received, once: undefined when it was already. */
export async function markPaymentReceived(
  db: Db,
  paymentId: string,
  receipt: { paidAt: Date; receivedByUserId?: number; receivedByName?: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'received',
      paidAt: receipt.paidAt,
      receivedByUserId: receipt.receivedByUserId ?? null,
      receivedByName: receipt.receivedByName ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, paymentId), sql`${payments.status} <> 'received'`))
    .returning();
  return row;
}

/** Overdue, from pending only (a received payment stays received). */
export async function markPaymentOverdue(db: Db, paymentId: string): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'overdue', updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

const viewColumns = {
  payment: payments,
  tenantName: tenants.name,
  planName: plans.name,
};

function toView(row: { payment: PaymentRow; tenantName: string; planName: string | null }): PaymentView {
  return { ...row.payment, tenantName: row.tenantName, planName: row.planName };
}

export async function findPaymentView(db: Db, paymentId: string): Promise<PaymentView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(payments)
    .innerJoin(tenants, eq(tenants.id, payments.tenantId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(eq(payments.id, paymentId));
  return row ? toView(row) : undefined;
}

/** A company's payments, newest due date first. */
export async function listTenantPayments(db: Db, tenantId: number, limit = 24): Promise<PaymentView[]> {
  const rows = await db
    .select(viewColumns)
    .from(payments)
    .innerJoin(tenants, eq(tenants.id, payments.tenantId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(eq(payments.tenantId, tenantId))
    .orderBy(desc(payments.dueDate))
    .limit(limit);
  return rows.map(toView);
}

/** Every company's payments (the operator), filtered, newest due date first. */
export async function listAllPayments(
  db: Db,
  filter: { status?: PaymentStatus; tenantId?: number; limit: number; offset: number },
): Promise<{ rows: PaymentView[]; count: number }> {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.tenantId ? eq(payments.tenantId, filter.tenantId) : undefined,
  );
  const rows = await db
    .select(viewColumns)
    .from(payments)
    .innerJoin(tenants, eq(tenants.id, payments.tenantId))
    .leftJoin(plans, eq(plans.id, payments.planId))
    .where(where)
    .orderBy(desc(payments.dueDate), desc(payments.createdAt))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payments)
    .where(where);
  return { rows: rows.map(toView), count: Number(total?.count ?? 0) };
}

// ---- webhook events ----

/** Records a provider event; false when it was handled before (the primary key is the dedupe). */
export async function insertWebhookEvent(db: Db, event: { id: string; event: string; providerPaymentId: string | null }): Promise<boolean> {
  const rows = await db.insert(billingWebhookEvents).values(event).onConflictDoNothing().returning({ id: billingWebhookEvents.id });
  return rows.length > 0;
}

// ---- the operator's overview ----

export async function countTenantsByPlan(db: Db, now: Date) {
  return select<{
    planId: number | null;
    planName: string | null;
    total: number;
    trial: number;
    active: number;
    blocked: number;
    inactive: number;
  }>(
    db,
    sql`select p.id as "planId", p.name as "planName", count(*)::int as total,
          count(*) filter (where t.status = 'active' and t.billing_blocked_reason is null and t.trial_ends_at > ${now.toISOString()}::timestamptz)::int as trial,
          count(*) filter (where t.status = 'active' and t.billing_blocked_reason is null and (t.trial_ends_at is null or t.trial_ends_at <= ${now.toISOString()}::timestamptz))::int as active,
          count(*) filter (where t.status = 'active' and t.billing_blocked_reason is not null)::int as blocked,
          count(*) filter (where t.status <> 'active')::int as inactive
        from tenants t left join plans p on p.id = t.plan_id
        where t.id <> 1
        group by p.id, p.name
        order by p.name nulls last`,
  );
}

export async function listTrialsEndingBetween(db: Db, from: Date, to: Date) {
  return select<{ tenantId: number; name: string; trialEndsAt: string }>(
    db,
    sql`select id as "tenantId", name, to_char(trial_ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "trialEndsAt"
          from tenants
         where id <> 1 and status = 'active' and trial_ends_at > ${from.toISOString()}::timestamptz and trial_ends_at <= ${to.toISOString()}::timestamptz
         order by trial_ends_at`,
  );
}

/** Monthly recurring revenue: the plan values of the active, billed, unblocked companies out of trial. */
export async function sumMonthlyRecurringRevenue(db: Db, now: Date): Promise<number> {
  const [row] = await select<{ mrr: string | null }>(
    db,
    sql`select coalesce(sum(p.value), 0) as mrr
          from tenants t join plans p on p.id = t.plan_id
         where t.id <> 1 and t.status = 'active' and t.payment_active and t.billing_blocked_reason is null
           and (t.trial_ends_at is null or t.trial_ends_at <= ${now.toISOString()}::timestamptz)`,
  );
  return Number(row?.mrr ?? 0);
}

/** The name an audit entry keeps of the operator who acted. */
export async function findUserName(db: Db, userId: number): Promise<string | null> {
  const [row] = await select<{ name: string }>(db, sql`select name from users where id = ${userId}`);
  return row?.name ?? null;
}
