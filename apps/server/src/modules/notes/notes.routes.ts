import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createNoteBodySchema,
  idParamSchema,
  listNotesQuerySchema,
  listNotesResponseSchema,
  noteSchema,
  updateNoteBodySchema,
} from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { createNote } from './use-cases/create-note.js';
import { deleteNote } from './use-cases/delete-note.js';
import { listNotes } from './use-cases/list-notes.js';
import { listTicketNotes } from './use-cases/list-ticket-notes.js';
import { updateNote } from './use-cases/update-note.js';

const tags = ['notes'];

/** Internal notes (SPEC /notas; Note: note, user, ticket, date): never messages, never sent to the customer. */
export const notesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/notes', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'The notes of the tickets the user may see (the tickets visibility policy), newest first, 40 a page: searchParam matches the text or the contact, userId the author, dateFrom/dateTo days of the tenant.',
        querystring: listNotesQuerySchema,
        response: { 200: listNotesResponseSchema, ...errorResponses },
      },
      handler: async (request) => listNotes(ctx, actorOf(request), request.query),
    });

    app.get('/tickets/:id/notes', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "The ticket's internal notes, oldest first (its chat timeline shows them among the messages).",
        params: idParamSchema,
        response: { 200: z.array(noteSchema), ...errorResponses },
      },
      handler: async (request) => listTicketNotes(ctx, actorOf(request), request.params.id),
    });

    app.post('/tickets/:id/notes', {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'An internal note on a ticket the user may see, with optional @mentions of users of the tenant. Never sent to the customer.',
        params: idParamSchema,
        body: createNoteBodySchema,
        response: { 201: noteSchema, ...errorResponses },
      },
      handler: async (request, reply) => reply.status(201).send(await createNote(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/notes/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Edits a note: its author, or an admin.',
        params: idParamSchema,
        body: updateNoteBodySchema,
        response: { 200: noteSchema, ...errorResponses },
      },
      handler: async (request) => updateNote(ctx, actorOf(request), request.params.id, request.body),
    });

    app.delete('/notes/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Deletes a note: its author, or an admin.',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteNote(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
