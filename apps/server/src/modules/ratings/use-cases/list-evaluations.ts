import type { ListEvaluationsResponse } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { presentEvaluation } from '../ratings.presenter.js';
import { assertCanManageRatings } from '../ratings.policy.js';
import { averageRatingPerAgent, listRatedEvaluations, type EvaluationFilters } from '../ratings.repository.js';

export const EVALUATIONS_PAGE_SIZE = 50;

/** The ratings customers gave, newest first, with the average of each agent over every page. */
export async function listEvaluations(
  ctx: AppContext,
  actor: Actor,
  query: EvaluationFilters & { pageNumber: number },
): Promise<ListEvaluationsResponse> {
  assertCanManageRatings(actor);
  const { pageNumber, ...filters } = query;
  const offset = (pageNumber - 1) * EVALUATIONS_PAGE_SIZE;
  const [{ rows, count }, averages] = await Promise.all([
    listRatedEvaluations(ctx.db, actor.tenantId, filters, { limit: EVALUATIONS_PAGE_SIZE, offset }),
    averageRatingPerAgent(ctx.db, actor.tenantId, filters),
  ]);
  return { evaluations: rows.map(presentEvaluation), averages, count, hasMore: offset + rows.length < count };
}
