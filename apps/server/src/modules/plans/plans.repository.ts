import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { plans } from '../../platform/db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = Omit<typeof plans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// Plans belong to the platform, not to a tenant: only the platform administrator writes them.
export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.value), asc(plans.id));
}

export async function findPlanById(db: Db, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function insertPlan(db: Db, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  return row;
}

export async function updatePlan(db: Db, id: number, values: Partial<NewPlan>): Promise<PlanRow | undefined> {
  const [row] = await db
    .update(plans)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(plans.id, id))
    .returning();
  return row;
}

/**
 * The plan, locked until the transaction ends: a company being put on it meanwhile (its foreign key
 * takes a key-share lock on the plan) waits, and then finds it deleted.
 */
export async function lockPlan(db: Db, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

/**
 * The plan, share-locked until the transaction ends: a company put on it reads the limits a plan
 * edit (which locks the plan, then its companies) has committed, and the two wait for each other
 * in that order.
 */
export async function findPlanForShare(db: Db, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).for('share');
  return row;
}

export async function deletePlan(db: Db, id: number): Promise<boolean> {
  return (await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id })).length > 0;
}
