import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { MAX_WALLETS } from './contacts.js';

/**
 * Wallets in bulk (PUT /contacts/wallets): the chosen contacts, or every contact matching the
 * contact list's filter, get the chosen wallet users added to theirs, or in place of theirs.
 */
export const MAX_WALLET_CONTACT_IDS = 1_000;

export const assignWalletsBodySchema = z
  .object({
    /** The contacts picked one by one (then `filter` is ignored); or `filter` for all that match. */
    contactIds: z.array(refIdSchema).min(1).max(MAX_WALLET_CONTACT_IDS).optional(),
    filter: z
      .object({
        searchParam: z.string().trim().max(200).optional(),
        tagIds: z.array(refIdSchema).max(100).optional(),
      })
      .optional(),
    userIds: z.array(refIdSchema).max(MAX_WALLETS),
    mode: z.enum(['add', 'replace']),
  })
  .refine((body) => body.contactIds !== undefined || body.filter !== undefined, {
    message: 'Send contactIds, or filter for every contact that matches it.',
    path: ['contactIds'],
  })
  .refine((body) => body.mode === 'replace' || body.userIds.length > 0, { message: 'Choose at least one user.', path: ['userIds'] });
export type AssignWalletsBody = z.input<typeof assignWalletsBodySchema>;

/** What the bulk assignment did: contacts matched, and those whose wallets changed. */
export const assignWalletsResultSchema = z.object({ matched: z.number().int(), changed: z.number().int() });
export type AssignWalletsResult = z.infer<typeof assignWalletsResultSchema>;
