import type { Evaluation } from '@conversa/shared';
import type { EvaluationView } from './ratings.repository.js';

export function presentEvaluation(row: EvaluationView): Evaluation {
  return {
    id: row.id,
    ticketId: row.ticketId,
    rating: row.rating,
    attempts: row.attempts,
    userId: row.userId,
    username: row.username,
    queueId: row.queueId,
    queueName: row.queueName,
    contactName: row.contactName,
    ratedAt: row.ratedAt.toISOString(),
  };
}
