import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { signInAs } from '../../test/session';
import { NavbarLinks } from './NavbarLinks';

/** The entries of the menu, in order, by their `nav-<path>` test ids. */
function entries(container: HTMLElement = document.body): string[] {
  return [...container.querySelectorAll('[data-testid^="nav-"]:not([data-testid^="nav-group-"])')].map(
    (link) => link.getAttribute('data-testid') ?? '',
  );
}

describe('the menu by role (SPEC §2)', () => {
  it('a user sees the common entries only (with mass sending and the kanban boards), without section titles', () => {
    signInAs('user');
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(entries()).toEqual([
      'nav-home',
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
      // The softphone (SPEC §7): every user who may call.
      'nav-wavoip',
    ]);
    expect(screen.getByTestId('nav-wavoip')).toHaveTextContent('Softphone');
    expect(screen.queryByText('Minha empresa')).not.toBeInTheDocument();
  });

  it('a user with the softphone blocked (blockWavoip) gets no calls entry; an admin so blocked loses the call list', () => {
    signInAs('user', { blockWavoip: true });
    const { unmount } = renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(entries()).toEqual([
      'nav-home',
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
    ]);
    unmount();
    signInAs('admin', { tenantId: 4, blockWavoip: true });
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(screen.getByTestId('nav-usuarios')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-wavoip')).not.toBeInTheDocument();
  });

  it('a supervisor adds channels, reports, queues, quick messages, birthdays, schedules, tags, notes, protocols, kanban lanes, auto-replies, chatbot flows, business hours, closing messages, ratings and campaigns', () => {
    signInAs('super');
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(entries()).toEqual([
      'nav-home',
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
      'nav-canais',
      'nav-relatorios',
      'nav-filas',
      'nav-equipes',
      'nav-mensagens-rapidas',
      'nav-aniversarios',
      'nav-agendamentos',
      'nav-etiquetas',
      'nav-notas',
      'nav-protocolos',
      'nav-lanes',
      'nav-auto-resposta',
      'nav-chat-flow',
      'nav-horario-atendimento',
      'nav-fechamento',
      'nav-avaliacoes',
      'nav-campanhas',
      'nav-wavoip',
    ]);
    expect(screen.getByTestId('nav-wavoip')).toHaveTextContent('Softphone');
  });

  it('an admin adds users and settings, and no platform screen', () => {
    signInAs('admin', { tenantId: 4 });
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(entries()).toEqual([
      'nav-home',
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
      'nav-canais',
      'nav-relatorios',
      'nav-filas',
      'nav-equipes',
      'nav-mensagens-rapidas',
      'nav-aniversarios',
      'nav-agendamentos',
      'nav-etiquetas',
      'nav-notas',
      'nav-protocolos',
      'nav-lanes',
      'nav-auto-resposta',
      'nav-chat-flow',
      'nav-horario-atendimento',
      'nav-fechamento',
      'nav-avaliacoes',
      'nav-campanhas',
      'nav-grupo',
      'nav-painel-atendimentos',
      'nav-usuarios',
      'nav-wavoip',
      'nav-api-service',
      'nav-sessoes',
      'nav-configuracoes',
      // Its company's subscription and own white-label (issue 15).
      'nav-assinatura',
      'nav-customizar',
    ]);
    expect(screen.queryByRole('group', { name: 'Plataforma' })).not.toBeInTheDocument();
  });

  it("the platform superadmin gets tenant 1's work menu and the platform's, in two named sections", () => {
    signInAs('superadmin', { tenantId: 1 });
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    const work = screen.getByRole('group', { name: 'Minha empresa' });
    const platform = screen.getByRole('group', { name: 'Plataforma' });
    expect(within(work).getByText('Minha empresa')).toBeVisible();
    expect(entries(work)).toEqual([
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
      'nav-canais',
      'nav-relatorios',
      'nav-filas',
      'nav-equipes',
      'nav-mensagens-rapidas',
      'nav-aniversarios',
      'nav-agendamentos',
      'nav-etiquetas',
      'nav-notas',
      'nav-protocolos',
      'nav-lanes',
      'nav-auto-resposta',
      'nav-chat-flow',
      'nav-horario-atendimento',
      'nav-fechamento',
      'nav-avaliacoes',
      'nav-campanhas',
      'nav-grupo',
      'nav-painel-atendimentos',
      'nav-usuarios',
      'nav-wavoip',
      'nav-api-service',
      'nav-sessoes',
      'nav-configuracoes',
    ]);
    expect(entries(platform)).toEqual([
      'nav-assinatura',
      'nav-tenants',
      'nav-planos',
      'nav-pagamentostenants',
      'nav-tenantApi',
      'nav-notificacao',
      'nav-sessoestenants',
      'nav-tenantsQueue',
      'nav-tenantsPk',
      'nav-atualizar',
      'nav-terminal',
      'nav-customizar',
    ]);
    expect(within(work).getByRole('link', { name: 'Atendimentos' })).toHaveAttribute('href', '/atendimento');
    // /home sends a superadmin to tenants (SPEC §2): no dashboard entry that would not show one.
    expect(screen.queryByTestId('nav-home')).not.toBeInTheDocument();
  });

  it('a superadmin of another tenant gets no platform screens (they belong to tenant 1)', () => {
    signInAs('superadmin', { tenantId: 5 });
    renderWithApp(<NavbarLinks onNavigate={vi.fn()} />);
    expect(entries()).toEqual([
      'nav-atendimento',
      'nav-contatos',
      'nav-massa',
      'nav-chat-privado',
      'nav-kanban',
      'nav-tarefas',
      'nav-canais',
      'nav-relatorios',
      'nav-filas',
      'nav-equipes',
      'nav-mensagens-rapidas',
      'nav-aniversarios',
      'nav-agendamentos',
      'nav-etiquetas',
      'nav-notas',
      'nav-protocolos',
      'nav-lanes',
      'nav-auto-resposta',
      'nav-chat-flow',
      'nav-horario-atendimento',
      'nav-fechamento',
      'nav-avaliacoes',
      'nav-campanhas',
      'nav-grupo',
      'nav-painel-atendimentos',
      'nav-usuarios',
      'nav-wavoip',
      'nav-api-service',
      'nav-sessoes',
      'nav-configuracoes',
      'nav-assinatura',
      'nav-customizar',
    ]);
    expect(screen.queryByTestId('nav-tenants')).not.toBeInTheDocument();
  });

  it('marks the current section and closes the mobile navbar on navigation', async () => {
    signInAs('superadmin');
    const onNavigate = vi.fn();
    const { user } = renderWithApp(<NavbarLinks onNavigate={onNavigate} />, { route: '/atendimento/12' });
    expect(screen.getByTestId('nav-atendimento')).toHaveAttribute('data-active', 'true');
    expect(screen.getByTestId('nav-tenants')).not.toHaveAttribute('data-active');
    await user.click(screen.getByTestId('nav-filas'));
    expect(onNavigate).toHaveBeenCalledTimes(1);
  });
});
