import {
  billingDetailsSchema,
  billingOverviewSchema,
  billingProviderBodySchema,
  billingProviderSchema,
  changePlanBodySchema,
  listTenantPaymentsQuerySchema,
  paymentIdParamSchema,
  paymentSchema,
  subscriptionSchema,
  subscriptionStatusSchema,
  tenantPaymentsResponseSchema,
} from '@conversa/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errorResponses } from '../../platform/http/responses.js';
import { actorOf } from '../auth/authenticate.js';
import { BILLING_PLATFORM_AUTH, SUBSCRIPTION_AUTH } from './billing.policy.js';
import { presentBillingProvider, presentPayment } from './billing.presenter.js';
import { asaasWebhookSchema } from './providers/asaas/asaas.client.js';
import { advanceTestClock } from './use-cases/advance-test-clock.js';
import { getBillingDetails } from './use-cases/get-billing-details.js';
import { getBillingOverview } from './use-cases/get-billing-overview.js';
import { getBillingProviderSettings, saveBillingProviderSettings } from './use-cases/billing-provider-settings.js';
import { changePlan } from './use-cases/change-plan.js';
import { getSubscription, getSubscriptionStatus } from './use-cases/get-subscription.js';
import { listPayments } from './use-cases/list-payments.js';
import { markPaymentReceivedByOperator } from './use-cases/mark-payment-received.js';
import { receiveAsaasWebhook } from './use-cases/receive-asaas-webhook.js';

const tags = ['billing'];

/**
 * Subscriptions and payments (issue 15): the company's subscription (assinatura), the operator's
 * payments (/pagamentostenants), provider and overview, the Asaas webhook, and with TEST_CLOCK the
 * test clock.
 */
export const billingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const webhookUrl = () => `${ctx.appUrl.replace(/\/$/, '')}/webhooks/asaas`;

    app.get('/subscription/status', {
      config: { auth: 'user' },
      schema: {
        tags,
        description: "The company's subscription state for every user: blocked (and why), trial end and days left. Answers while blocked.",
        response: { 200: subscriptionStatusSchema, ...errorResponses },
      },
      handler: async (request) => getSubscriptionStatus(ctx, actorOf(request)),
    });

    app.get('/subscription', {
      config: { auth: SUBSCRIPTION_AUTH },
      schema: {
        tags,
        description:
          "The company's subscription (admins): plan, state, trial days left, payments with their pay link. 409 ERR_NO_SUBSCRIPTION for tenant 1.",
        response: { 200: subscriptionSchema, ...errorResponses },
      },
      handler: async (request) => getSubscription(ctx, actorOf(request)),
    });

    app.get('/subscription/billing', {
      config: { auth: SUBSCRIPTION_AUTH },
      schema: {
        tags,
        description:
          "The company's billing data (admins; /configuracoes/pagamentos, read-only): plan, billed or exempt, its customer id at the payment provider and how its last charge was paid, asked of the provider. 409 ERR_NO_SUBSCRIPTION for tenant 1. Answers while blocked.",
        response: { 200: billingDetailsSchema, ...errorResponses },
      },
      handler: async (request) => getBillingDetails(ctx, actorOf(request)),
    });

    app.put('/subscription/plan', {
      config: { auth: SUBSCRIPTION_AUTH },
      schema: {
        tags,
        description:
          "Changes the company's plan (admins); its limits apply at once. 400 ERR_PLAN_LIMIT_EXCEEDED when the company has more users or connections than it allows.",
        body: changePlanBodySchema,
        response: { 200: subscriptionSchema, ...errorResponses },
      },
      handler: async (request) => changePlan(ctx, actorOf(request), request.body.planId),
    });

    app.get('/billing/payments', {
      config: { auth: BILLING_PLATFORM_AUTH },
      schema: {
        tags,
        description: "Every company's payments (platform superadmin), newest due date first, 50 a page; filters status and tenantId.",
        querystring: listTenantPaymentsQuerySchema,
        response: { 200: tenantPaymentsResponseSchema, ...errorResponses },
      },
      handler: async (request) => {
        const page = await listPayments(ctx, request.query);
        return { payments: page.rows.map(presentPayment), count: page.count, hasMore: page.hasMore };
      },
    });

    app.post('/billing/payments/:paymentId/receive', {
      config: { auth: BILLING_PLATFORM_AUTH },
      schema: {
        tags,
        description:
          'Marks a payment received by hand (platform superadmin; audited: who and when are kept). 409 ERR_PAYMENT_ALREADY_RECEIVED.',
        params: paymentIdParamSchema,
        response: { 200: paymentSchema, ...errorResponses },
      },
      handler: async (request) => presentPayment(await markPaymentReceivedByOperator(ctx, actorOf(request), request.params.paymentId)),
    });

    app.get('/billing/overview', {
      config: { auth: BILLING_PLATFORM_AUTH },
      schema: {
        tags,
        description:
          'The platform at a glance (superadmin landing): companies by plan and state, trials ending within 7 days, overdue payments, monthly recurring revenue.',
        response: { 200: billingOverviewSchema, ...errorResponses },
      },
      handler: async () => getBillingOverview(ctx),
    });

    app.get('/billing/provider', {
      config: { auth: BILLING_PLATFORM_AUTH },
      schema: {
        tags,
        description:
          "The platform's payment provider (Asaas): base URL, API key and webhook token masked, and the webhook URL to set at Asaas.",
        response: { 200: billingProviderSchema, ...errorResponses },
      },
      handler: async () => presentBillingProvider(await getBillingProviderSettings(ctx), webhookUrl()),
    });

    app.put('/billing/provider', {
      config: { auth: BILLING_PLATFORM_AUTH },
      schema: {
        tags,
        description:
          'Sets the payment provider: base URL (outbound address policy), API key and webhook token (sealed; left out or masked: the stored ones), billing type, active.',
        body: billingProviderBodySchema,
        response: { 200: billingProviderSchema, ...errorResponses },
      },
      handler: async (request) => presentBillingProvider(await saveBillingProviderSettings(ctx, request.body), webhookUrl()),
    });

    app.post('/webhooks/asaas', {
      config: { auth: 'public' },
      schema: {
        tags: ['webhooks'],
        description:
          "Asaas payment events (PAYMENT_RECEIVED, PAYMENT_CONFIRMED, PAYMENT_OVERDUE; others acknowledged). Authenticated by the webhook's token in `asaas-access-token` (401 ERR_INVALID_WEBHOOK_TOKEN); idempotent by the event id.",
        body: asaasWebhookSchema,
        response: { 200: z.object({ received: z.literal(true), handled: z.boolean(), duplicate: z.boolean() }), ...errorResponses },
      },
      handler: async (request) => {
        const header = request.headers['asaas-access-token'];
        const token = Array.isArray(header) ? header[0] : header;
        return { received: true as const, ...(await receiveAsaasWebhook(ctx, token, request.body)) };
      },
    });

    if (ctx.env.TEST_CLOCK) {
      app.post('/test-clock/advance', {
        config: { auth: BILLING_PLATFORM_AUTH },
        schema: {
          tags: ['test'],
          description: 'TEST_CLOCK only (never in production): moves the server clock forward and runs the billing round at once.',
          body: z.object({ days: z.number().min(0).max(3650).default(0), hours: z.number().min(0).max(100_000).default(0) }),
          response: { 200: z.object({ now: z.string() }), ...errorResponses },
        },
        handler: async (request) => advanceTestClock(ctx, (request.body.days * 24 + request.body.hours) * 3_600_000),
      });
    }
  };
