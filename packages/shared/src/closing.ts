import { z } from 'zod';
import { refIdSchema } from './contracts.js';
import { templateText } from './template-variables.js';

/**
 * Closing messages (SPEC /fechamento, §3 Farewell) and ratings (SPEC /avaliacoes, §3 Evaluation,
 * `GET`/`PUT /tenants/rating/`), shared by the server and the web app.
 */

export const MAX_FAREWELL_LENGTH = 4096;

/** A preset farewell message: its `{{variables}}` are filled in for the ticket when it is sent. */
export const farewellMessageSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FarewellMessage = z.infer<typeof farewellMessageSchema>;

export const farewellMessageBodySchema = z.object({
  message: templateText().trim().min(1).max(MAX_FAREWELL_LENGTH),
});
export type FarewellMessageBody = z.infer<typeof farewellMessageBodySchema>;

// ---- ratings ----

/** SPEC §9: ratings run 0 to 5, each with its label. */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_LABELS = ['poor', 'fair', 'good', 'veryGood', 'excellent', 'incredible'] as const;
export type RatingLabel = (typeof RATING_LABELS)[number];

export const MAX_RATING_ATTEMPTS = 10;
const ratingText = templateText().trim().min(1).max(2000);

/** The tenant's rating request: what is asked, what is said on an answer out of range, and the thanks. */
export const ratingSettingsSchema = z.object({
  requestMessage: ratingText,
  invalidMessage: ratingText,
  thanksMessage: ratingText,
  /** Answers accepted from the customer; after that many invalid ones the ticket closes without a rating. */
  maxAttempts: z.number().int().min(1).max(MAX_RATING_ATTEMPTS),
});
export type RatingSettings = z.infer<typeof ratingSettingsSchema>;

export const DEFAULT_RATING_SETTINGS: RatingSettings = {
  requestMessage:
    'Olá, {{name}}! Como foi o seu atendimento com {{user}}? Responda com uma nota de 0 a 5:\n' +
    '0 - Ruim\n1 - Regular\n2 - Bom\n3 - Muito bom\n4 - Excelente\n5 - Incrível',
  invalidMessage: 'Não entendi a sua nota. Responda apenas com um número de 0 a 5.',
  thanksMessage: 'Obrigado pela sua avaliação, {{name}}!',
  maxAttempts: 3,
};

/** A customer's answer as a rating: a single digit 0–5, nothing else. */
export function parseRating(text: string): number | null {
  const match = /^\s*([0-9]+)\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value >= RATING_MIN && value <= RATING_MAX ? value : null;
}

export const evaluationSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  attempts: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  queueId: z.number().int().nullable(),
  queueName: z.string().nullable(),
  contactName: z.string(),
  ratedAt: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationAverageSchema = z.object({
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  average: z.number(),
  count: z.number().int(),
});
export type EvaluationAverage = z.infer<typeof evaluationAverageSchema>;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');

export const listEvaluationsQuerySchema = z
  .object({
    /** Days in the tenant's time zone, both included. */
    dateFrom: dateSchema.optional(),
    dateTo: dateSchema.optional(),
    userId: z.coerce.number().pipe(refIdSchema).optional(),
    queueId: z.coerce.number().pipe(refIdSchema).optional(),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { path: ['dateTo'], message: 'Must not be before dateFrom' });
export type ListEvaluationsQuery = z.input<typeof listEvaluationsQuerySchema>;

export const listEvaluationsResponseSchema = z.object({
  evaluations: z.array(evaluationSchema),
  /** Over every rating the filters select (all pages), per agent. */
  averages: z.array(evaluationAverageSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type ListEvaluationsResponse = z.infer<typeof listEvaluationsResponseSchema>;
