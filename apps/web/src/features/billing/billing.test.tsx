import type { BillingDetails, BillingOverview, BillingProvider, Payment, Plan, Subscription } from '@conversa/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../app/menus';
import { fakeApi } from '../../test/fetch';
import { watchNotices } from '../../test/notices';
import { PHONE, setScreenSize } from '../../test/media';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { isBillingBlocked, setBillingBlocked } from './billing-state';
import { BillingNotice } from './components/BillingNotice';
import { BlockedSettingsPage } from './pages/BlockedSettingsPage';
import { PaymentSettingsPage } from './pages/PaymentSettingsPage';
import { SubscriptionPage } from './pages/SubscriptionPage';
import { TenantPaymentsPage } from './pages/TenantPaymentsPage';
import { OVERDUE_STATUS, TRIAL_STATUS } from './test-support';

const PLAN: Plan = { id: 3, name: 'Essencial', value: 149.9, users: 5, connections: 2, trial: true, trialDays: 7 };
const PRO: Plan = { id: 4, name: 'Profissional', value: 299, users: 15, connections: 5, trial: false, trialDays: 0 };
const PAYMENT: Payment = {
  id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  tenantId: 9,
  tenantName: 'Loja Azul',
  planName: 'Essencial',
  status: 'overdue',
  value: 149.9,
  dueDate: '2026-03-10',
  link: 'https://sandbox.asaas.com/i/080225913252',
  bankSlipUrl: null,
  paidAt: null,
  receivedManuallyBy: null,
  createdAt: '2026-03-05T12:00:00.000Z',
};
const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  tenantId: 9,
  status: 'trial',
  blocked: false,
  blockReason: null,
  trialEndsAt: '2026-03-10T12:00:00.000Z',
  trialDaysLeft: 5,
  plan: PLAN,
  payments: [],
  ...over,
});

beforeEach(() => setBillingBlocked(false));
afterEach(() => {
  vi.unstubAllGlobals();
  setScreenSize(1280);
});

describe('assinatura for a company admin', () => {
  beforeEach(() => signInAs('admin', { tenantId: 9 }));

  it('shows the plan, the trial days left and changes the plan', async () => {
    let current = subscription();
    const api = fakeApi({
      'GET /subscription': () => ({ body: current }),
      'GET /plans/public': () => ({ body: [PLAN, PRO] }),
      'GET /subscription/status': () => ({
        body: { status: 'trial', blocked: false, blockReason: null, trialEndsAt: current.trialEndsAt, trialDaysLeft: 5 },
      }),
      'PUT /subscription/plan': () => {
        current = subscription({ plan: PRO });
        return { body: current };
      },
    });
    const { user } = renderWithApp(<SubscriptionPage />);
    expect(await screen.findByTestId('subscription-plan')).toHaveTextContent('Essencial');
    expect(screen.getByTestId('subscription-trial')).toHaveTextContent('Seu período de teste termina em 5 dias.');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Em teste');

    await user.click(screen.getByTestId('subscription-plan-select'));
    await user.click(await screen.findByRole('option', { name: /Profissional/, hidden: true }));
    await user.click(screen.getByTestId('subscription-plan-save'));
    await waitFor(() => expect(screen.getByTestId('subscription-plan')).toHaveTextContent('Profissional'));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ planId: PRO.id });
  });

  it('blocked: the overdue-payment message and the pay link of each unpaid payment, at 390 px', async () => {
    setScreenSize(PHONE);
    fakeApi({
      'GET /subscription': () => ({
        body: subscription({ status: 'blocked', blocked: true, blockReason: 'trial_ended', trialDaysLeft: 0, payments: [PAYMENT] }),
      }),
      'GET /plans/public': () => ({ body: [PLAN] }),
    });
    renderWithApp(<SubscriptionPage />);
    expect(await screen.findByTestId('subscription-blocked')).toHaveTextContent('Pagamento em atraso. Verifique a situação do seu plano.');
    const pay = await screen.findByTestId(`payment-pay-${PAYMENT.id}`);
    expect(pay).toHaveAttribute('href', PAYMENT.link);
    expect(screen.getByTestId('payment-status-overdue')).toHaveTextContent('Em atraso');
    expect(screen.getByText('10/03/2026')).toBeInTheDocument();
  });
});

describe('blocked mode', () => {
  it('the notice says why, the menu is the blocked settings page only, and a 402 switches the app into it', async () => {
    signInAs('admin', { tenantId: 9 });
    fakeApi({
      'GET /subscription/status': () => ({
        body: { status: 'blocked', blocked: true, blockReason: 'payment_overdue', trialEndsAt: null, trialDaysLeft: null },
      }),
    });
    renderWithApp(<BillingNotice />);
    expect(await screen.findByTestId('billing-blocked')).toHaveTextContent('Pagamento em atraso');
    expect(isBillingBlocked()).toBe(true);
    // As in Whazing: one entry, /configuracoesbloqueio, for every profile of the company.
    for (const profile of ['admin', 'superadmin', 'super', 'user'] as const) {
      expect(menuFor(profile, 9, true).map((group) => group.items.map((item) => item.path))).toEqual([['/configuracoesbloqueio']]);
    }
    // The platform superadmin is never blocked.
    expect(menuFor('superadmin', 1, true).length).toBe(2);

    setBillingBlocked(false);
    const { http } = await import('../../lib/http');
    fakeApi({ 'GET /tickets': () => ({ status: 402, body: { error: 'ERR_TENANT_OVERDUE', message: 'Payment overdue.' } }) });
    await expect(http.get('/tickets')).rejects.toMatchObject({ code: 'ERR_TENANT_OVERDUE', handled: true });
    expect(isBillingBlocked()).toBe(true);
  });
});

describe('entered by a 402', () => {
  it('reads the status again: /configuracoesbloqueio says why, not "unblocked" from the status read before (the socket event missed)', async () => {
    signInAs('admin', { tenantId: 9 });
    let blocked = false;
    const api = fakeApi({
      'GET /subscription/status': () => ({ body: blocked ? OVERDUE_STATUS : TRIAL_STATUS }),
      'GET /subscription': () => ({ body: subscription({ status: blocked ? 'blocked' : 'trial', blocked, payments: [PAYMENT] }) }),
      'GET /plans/public': () => ({ body: [PLAN] }),
      'GET /tickets': () => ({ status: 402, body: { error: 'ERR_TENANT_OVERDUE', message: 'Payment overdue.' } }),
    });
    // The app's 10 s staleTime: the status read before the 402 is fresh, nothing reads it again by itself.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
    renderWithApp(
      <>
        <BillingNotice />
        <BlockedSettingsPage />
      </>,
      { queryClient },
    );
    expect(await screen.findByTestId('billing-trial')).toHaveTextContent('7 dias');
    blocked = true;
    const { http } = await import('../../lib/http');
    await expect(http.get('/tickets')).rejects.toMatchObject({ code: 'ERR_TENANT_OVERDUE', handled: true });
    expect(await screen.findByTestId('blocked-notice')).toHaveTextContent('Um pagamento da sua assinatura está em atraso.');
    expect(screen.queryByTestId('blocked-cleared')).toBeNull();
    // Read once more, not twice (the read that sets the mode does not start another).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.calls.filter((call) => call.path === '/subscription/status')).toHaveLength(2);
  });
});

describe('/configuracoesbloqueio', () => {
  it("an admin: the overdue notice and why, the plan, the overdue payment's pay link, and the settings it keeps (390 px)", async () => {
    setScreenSize(PHONE);
    signInAs('admin', { tenantId: 9 });
    fakeApi({
      'GET /subscription/status': () => ({ body: OVERDUE_STATUS }),
      'GET /subscription': () => ({
        body: subscription({ status: 'blocked', blocked: true, blockReason: 'payment_overdue', trialDaysLeft: null, payments: [PAYMENT] }),
      }),
      'GET /plans/public': () => ({ body: [PLAN, PRO] }),
    });
    renderWithApp(<BlockedSettingsPage />);
    const notice = await screen.findByTestId('blocked-notice');
    expect(notice).toHaveTextContent('Pagamento em atraso. Verifique a situação do seu plano.');
    expect(notice).toHaveTextContent('Um pagamento da sua assinatura está em atraso.');
    expect(notice).toHaveTextContent('Pague a cobrança abaixo para liberar o acesso na hora.');
    expect(await screen.findByTestId('subscription-plan')).toHaveTextContent('Essencial');
    expect(screen.getByTestId(`payment-pay-${PAYMENT.id}`)).toHaveAttribute('href', PAYMENT.link);
    // The subscription's own blocked alert is not repeated.
    expect(screen.queryByTestId('subscription-blocked')).toBeNull();
    const links = within(screen.getByTestId('blocked-settings-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assinatura',
      '/configuracoes/geral',
      '/configuracoesTenant',
      '/perfil',
    ]);
  });

  it('an agent: the notice and why, asked to call the admin; only the profile; the subscription is never fetched', async () => {
    signInAs('user', { tenantId: 9 });
    const api = fakeApi({ 'GET /subscription/status': () => ({ body: { ...OVERDUE_STATUS, blockReason: 'trial_ended' } }) });
    renderWithApp(<BlockedSettingsPage />);
    const notice = await screen.findByTestId('blocked-notice');
    expect(notice).toHaveTextContent('O seu período de teste terminou.');
    expect(notice).toHaveTextContent('Peça ao administrador da sua empresa para regularizar o pagamento.');
    const links = within(screen.getByTestId('blocked-settings-links')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/perfil']);
    expect(api.calls.some((call) => call.path === '/subscription')).toBe(false);
  });

  it('once paid (not blocked any more) it says so and leads back to work', async () => {
    signInAs('admin', { tenantId: 9 });
    fakeApi({
      'GET /subscription/status': () => ({
        body: { status: 'active', blocked: false, blockReason: null, trialEndsAt: null, trialDaysLeft: null },
      }),
      'GET /subscription': () => ({
        body: subscription({ status: 'active', payments: [{ ...PAYMENT, status: 'received', paidAt: '2026-03-11T10:00:00.000Z' }] }),
      }),
      'GET /plans/public': () => ({ body: [PLAN] }),
    });
    renderWithApp(<BlockedSettingsPage />);
    const cleared = await screen.findByTestId('blocked-cleared');
    expect(within(cleared).getByRole('link')).toHaveAttribute('href', '/home');
    expect(screen.queryByTestId('blocked-notice')).toBeNull();
  });
});

describe('/pagamentostenants (platform superadmin)', () => {
  beforeEach(() => signInAs('superadmin', { tenantId: 1 }));

  it('filters by status and company, and marks a payment received after confirming', async () => {
    let payment = PAYMENT;
    const api = fakeApi({
      'GET /billing/payments': () => ({ body: { payments: [payment], count: 1, hasMore: false } }),
      'GET /tenants/': () => ({
        body: [
          { id: 1, name: 'Plataforma' },
          { id: 9, name: 'Loja Azul' },
        ],
      }),
      'POST /billing/payments/:id/receive': () => {
        payment = { ...PAYMENT, status: 'received', paidAt: '2026-03-12T15:00:00.000Z', receivedManuallyBy: 'Ana Souza' };
        return { body: payment };
      },
    });
    const { user } = renderWithApp(<TenantPaymentsPage />);
    expect(await screen.findByTestId(`tenant-payment-${PAYMENT.id}`)).toHaveTextContent('Loja Azul');

    await user.click(screen.getByTestId('payments-filter-status'));
    await user.click(await screen.findByRole('option', { name: 'Em atraso', hidden: true }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/billing/payments' && call.query.get('status') === 'overdue')).toBe(true),
    );

    await user.click(screen.getByTestId(`payment-mark-${PAYMENT.id}`));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Loja Azul');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como recebido' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'POST' && call.path === `/billing/payments/${PAYMENT.id}/receive`)).toBe(true),
    );
    expect(await screen.findByTestId('payment-status-received')).toBeInTheDocument();
    expect(screen.getByTestId(`tenant-payment-${PAYMENT.id}`)).toHaveTextContent('marcado por Ana Souza');
  });

  it('assinatura is the platform at a glance for the superadmin', async () => {
    const overview: BillingOverview = {
      tenantsByPlan: [{ planId: 3, planName: 'Essencial', total: 4, trial: 1, active: 2, blocked: 1, inactive: 0 }],
      trialsEndingThisWeek: [{ tenantId: 12, name: 'Padaria Sol', trialEndsAt: '2026-03-11T12:00:00.000Z' }],
      overduePayments: [PAYMENT],
      mrr: 299.8,
    };
    fakeApi({ 'GET /billing/overview': () => ({ body: overview }) });
    renderWithApp(<SubscriptionPage />);
    expect(await screen.findByTestId('overview-mrr')).toHaveTextContent('299,80');
    expect(screen.getByTestId('overview-trials')).toHaveTextContent('1');
    expect(screen.getByTestId('overview-trial-list')).toHaveTextContent('Padaria Sol');
    expect(screen.getByTestId('overview-plans')).toHaveTextContent('Essencial');
  });
});

describe('/configuracoes/pagamentos', () => {
  const PROVIDER: BillingProvider = {
    provider: 'asaas',
    configured: true,
    active: true,
    baseUrl: 'https://api-sandbox.asaas.com/v3',
    apiKey: '********',
    webhookToken: '********',
    billingType: 'UNDEFINED',
    webhookUrl: 'https://conversa.example/webhooks/asaas',
  };
  const DETAILS: BillingDetails = {
    tenantId: 9,
    plan: PLAN,
    billed: true,
    paymentActive: true,
    provider: 'asaas',
    customerId: 'cus_000005219613',
    lastPaymentMethod: { billingType: 'PIX', paidOn: '2026-03-10', value: 149.9 },
    providerUnavailable: false,
  };

  it('the platform superadmin sets the payment provider here; stored secrets stay masked unless retyped', async () => {
    signInAs('superadmin', { tenantId: 1 });
    const api = fakeApi({
      'GET /billing/provider': () => ({ body: PROVIDER }),
      'PUT /billing/provider': ({ body }) => ({ body: { ...PROVIDER, ...(body as object), apiKey: '********', webhookToken: '********' } }),
    });
    const { user } = renderWithApp(<PaymentSettingsPage />);
    expect(await screen.findByTestId('payment-settings-provider')).toHaveTextContent('Provedor de pagamentos (Asaas)');
    expect(await screen.findByTestId('provider-webhook-url')).toHaveTextContent('https://conversa.example/webhooks/asaas');
    expect(screen.getByTestId('provider-api-key')).toHaveValue('********');
    expect(screen.queryByTestId('payment-settings-company')).not.toBeInTheDocument();

    await user.clear(screen.getByTestId('provider-api-key'));
    await user.type(screen.getByTestId('provider-api-key'), '$aact_new_key');
    await user.click(screen.getByTestId('provider-active'));
    const notices = watchNotices();
    await user.click(screen.getByTestId('provider-save'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      baseUrl: 'https://api-sandbox.asaas.com/v3',
      apiKey: '$aact_new_key',
      webhookToken: '********',
      billingType: 'UNDEFINED',
      active: false,
    });
    await notices.shown('Tudo certo! Registro salvo.');
  });

  it("a company's admin sees its billing data, read-only, at 390 px", async () => {
    setScreenSize(PHONE);
    signInAs('admin', { tenantId: 9 });
    fakeApi({ 'GET /subscription/billing': () => ({ body: DETAILS }) });
    renderWithApp(<PaymentSettingsPage />);
    expect(await screen.findByTestId('billing-details-plan')).toHaveTextContent('Essencial — 149,90 por mês');
    expect(screen.getByTestId('billing-details-billed')).toHaveTextContent('Cobrada pelo provedor de pagamentos');
    expect(screen.getByTestId('billing-details-customer')).toHaveTextContent('cus_000005219613');
    expect(screen.getByTestId('billing-details-method')).toHaveTextContent('PIX, 149,90 pago em 10/03/2026');
    expect(screen.getByTestId('billing-details-subscription')).toHaveAttribute('href', '/assinatura');
    expect(screen.getByTestId('billing-details-plan')).toBeVisible();
    // Read-only: nothing to type or save.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('provider-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('billing-details-unavailable')).not.toBeInTheDocument();
  });

  it('says when the provider did not answer, and when nothing was paid or billed yet', async () => {
    signInAs('admin', { tenantId: 9 });
    fakeApi({
      'GET /subscription/billing': () => ({
        body: { ...DETAILS, billed: false, paymentActive: false, customerId: null, lastPaymentMethod: null, providerUnavailable: true },
      }),
    });
    renderWithApp(<PaymentSettingsPage />);
    expect(await screen.findByTestId('billing-details-unavailable')).toHaveTextContent('O provedor de pagamentos não respondeu');
    expect(screen.getByTestId('billing-details-billed')).toHaveTextContent('Sem cobrança');
    expect(screen.getByTestId('billing-details-customer')).toHaveTextContent('Ainda sem código');
    expect(screen.getByTestId('billing-details-method')).toHaveTextContent('Nenhum pagamento recebido ainda.');
  });

  it('/pagamentostenants links to the tab where the provider is set', async () => {
    signInAs('superadmin', { tenantId: 1 });
    fakeApi({
      'GET /billing/payments': () => ({ body: { payments: [], count: 0, hasMore: false } }),
      'GET /tenants/': () => ({ body: [] }),
    });
    renderWithApp(<TenantPaymentsPage />);
    expect(await screen.findByTestId('billing-provider-open')).toHaveAttribute('href', '/configuracoes/pagamentos');
  });
});
