import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { presentTask, presentTaskComment } from './tasks.presenter.js';
import {
  createTaskBodySchema,
  createTaskCommentBodySchema,
  finishTaskResponseSchema,
  listTasksQuerySchema,
  listTasksResponseSchema,
  taskCommentSchema,
  taskSchema,
  updateTaskBodySchema,
} from './tasks.schemas.js';
import { addTaskComment } from './use-cases/add-task-comment.js';
import { createTask } from './use-cases/create-task.js';
import { deleteTask } from './use-cases/delete-task.js';
import { finishTask } from './use-cases/finish-task.js';
import { getTask } from './use-cases/get-task.js';
import { listTaskComments } from './use-cases/list-task-comments.js';
import { listTasks } from './use-cases/list-tasks.js';
import { updateTask } from './use-cases/update-task.js';

const tags = ['tasks'];

/**
 * Tasks (/tarefas, every profile): supervisors and admins see all of the tenant's, a plain user
 * those they own or created; a task linked to a ticket only by who may see the ticket.
 */
export const tasksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/tasks', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'A page of the tasks the user sees, filtered by status (pending, delayed, finished), priority, owner, ticket, name.',
        querystring: listTasksQuerySchema,
        response: { 200: listTasksResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const result = await listTasks(ctx, actorOf(request), request.query);
        return { ...result, tasks: result.tasks.map(presentTask) };
      },
    });

    app.post('/tasks', {
      config: { auth: 'user' },
      schema: { tags, body: createTaskBodySchema, response: { 201: taskSchema, ...errorResponses } },
      handler: async (request, reply) => reply.status(201).send(presentTask(await createTask(ctx, actorOf(request), request.body))),
    });

    app.get('/tasks/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: taskSchema, ...errorResponses } },
      handler: async (request) => presentTask(await getTask(ctx, actorOf(request), request.params.id)),
    });

    app.put('/tasks/:id', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: updateTaskBodySchema, response: { 200: taskSchema, ...errorResponses } },
      handler: async (request) => presentTask(await updateTask(ctx, actorOf(request), request.params.id, request.body)),
    });

    app.put('/tasks/:id/finish', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Finishes the task; a recurring one with repetitions left creates its next occurrence (answered as next). Idempotent.',
        params: idParamSchema,
        response: { 200: finishTaskResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const { task, next } = await finishTask(ctx, actorOf(request), request.params.id);
        return { task: presentTask(task), next: next ? presentTask(next) : null };
      },
    });

    app.delete('/tasks/:id', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: 'Deletes the task and its comments.',
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
      handler: async (request, reply) => {
        await deleteTask(ctx, actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    });

    app.get('/tasks/:id/comments', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(taskCommentSchema), ...errorResponses } },
      handler: async (request) => (await listTaskComments(ctx, actorOf(request), request.params.id)).map(presentTaskComment),
    });

    app.post('/tasks/:id/comments', {
      config: { auth: 'user' },
      schema: { tags, params: idParamSchema, body: createTaskCommentBodySchema, response: { 201: taskCommentSchema, ...errorResponses } },
      handler: async (request, reply) =>
        reply.status(201).send(presentTaskComment(await addTaskComment(ctx, actorOf(request), request.params.id, request.body.comment))),
    });
  };
