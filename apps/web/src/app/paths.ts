import { MAIN_TENANT_ID, type Profile } from '@conversa/shared/enums';

/** Route paths of the screens that exist. */
export const PATHS = {
  login: '/login',
  signup: '/signup',
  reset: '/reset/:token',
  home: '/home',
  /** Reports (SPEC §2 /relatorios and its seven children; supervisors and admins). */
  reports: '/relatorios',
  tenants: '/tenants',
  plans: '/planos',
  /** SPEC §6 named route assinatura: the superadmin's landing, a company's subscription for its admins. */
  subscription: '/assinatura',
  /** Whazing's /configuracoesbloqueio: the one screen a company blocked for payment is sent to (its notice, payments, plan, the settings it keeps). */
  blockedSettings: '/configuracoesbloqueio',
  /** Every company's payments (SPEC §2 /pagamentostenants, platform superadmin). */
  tenantPayments: '/pagamentostenants',
  /** Tenant API tokens for resellers (SPEC §2 /tenantApi, platform superadmin). */
  tenantApi: '/tenantApi',
  users: '/usuarios',
  settings: '/configuracoes',
  settingsGeneral: '/configuracoes/geral',
  /** Payments tab: the provider's settings (platform superadmin) or the company's billing data (its admins). */
  settingsPayments: '/configuracoes/pagamentos',
  /** The company's own settings (SPEC §2 /configuracoesTenant → smtp-tenant, its only child). */
  tenantSettings: '/configuracoesTenant',
  /** The ticket panel (SPEC §2 /painel-atendimentos, admins). */
  ticketPanel: '/painel-atendimentos',
  /** Ticket service (SPEC §2): children chats (empty chat), {ticketId} (one chat), contatos. */
  atendimento: '/atendimento',
  atendimentoChats: '/atendimento/chats',
  atendimentoContacts: '/atendimento/contatos',
  contacts: '/contatos',
  queues: '/filas',
  quickMessages: '/mensagens-rapidas',
  /** Campaigns (SPEC §2 /campanhas and /campanhas/{campanhaId}, supervisors and admins). */
  campaigns: '/campanhas',
  campaign: '/campanhas/:campaignId',
  /** WhatsApp group tools (SPEC §2 /grupo → massagrupos; children banlist, wordlist, saudacao, despedida, massagrupos, massagrupos2, massausuarios; admins). */
  groups: '/grupo',
  /** Mass sending (SPEC §2 /massa → template; children texto, textovariavel, sms, template, template-variavel; every profile). */
  massSends: '/massa',
  /** Kanban lanes (SPEC §2 work areas /lanes). */
  lanes: '/lanes',
  /** Kanban boards (SPEC §2 /kanban → /kanban/kanbans; children kanbans and tags). */
  kanban: '/kanban',
  kanbanLanes: '/kanban/kanbans',
  /** Tags (SPEC §2 /etiquetas). */
  tags: '/etiquetas',
  /** Internal notes and ticket protocols (SPEC §2 /notas, /protocolos). */
  notes: '/notas',
  protocols: '/protocolos',
  /** The softphone and the call list (SPEC §2 /wavoip). */
  calls: '/wavoip',
  /** Birthdays (SPEC §2 /aniversarios): today's and this month's, with a manual send by channel. */
  birthdays: '/aniversarios',
  /** Teams (SPEC §2 /equipes). */
  teams: '/equipes',
  /** The internal chat (SPEC §2 /chat-privado, tabs users and teams). */
  privateChat: '/chat-privado',
  /** SPEC §2 work areas. */
  businessHours: '/horario-atendimento',
  autoReplies: '/auto-resposta',
  /** SPEC §2 names no path for the channel list; /sessoes is a platform screen. */
  channels: '/canais',
  /** Closing messages (SPEC §2 /fechamento). */
  closing: '/fechamento',
  /** Ratings (SPEC §2 /avaliacoes): children listar and configurar. */
  ratings: '/avaliacoes',
  ratingsList: '/avaliacoes/listar',
  /** Chatbot flows (SPEC §2) and the flow editor (`?id=` the flow). */
  chatFlow: '/chat-flow',
  chatFlowBuilder: '/chat-flow/builder',
  /** Tasks (SPEC §2 work areas /tarefas, every profile). */
  tasks: '/tarefas',
  /** Scheduled messages (SPEC §2 /agendamentos). */
  schedules: '/agendamentos',
  /** Notifications sent by the platform superadmin (SPEC §2 platform screens /notificacao). */
  notifications: '/notificacao',
  /** Platform monitors and maintenance (issue 15; superadmin of tenant 1): every tenant's channel sessions. */
  channelSessionsAll: '/sessoestenants',
  /** A tenant admin's own channel sessions (SPEC §2 /sessoes). */
  channelSessions: '/sessoes',
  /** The task-queue monitor (SPEC §2 /tenantsQueue, §9). */
  queueMonitor: '/tenantsQueue',
  /** Internal data: tenant environment data (SPEC §2 /tenantsPk). */
  internalData: '/tenantsPk',
  /** System update made safe: version, pending migrations, media cleanup (SPEC §2 /atualizar). */
  update: '/atualizar',
  /** The read-only diagnostics console (SPEC §2 /terminal). */
  terminal: '/terminal',
  /** The API configurations, their tokens and call logs (SPEC §2 work area /api-service, admins). */
  apiService: '/api-service',
  /** White-label (SPEC §2 /customizar): the platform's (tenant 1's superadmin) or a company's own (its admins). */
  customize: '/customizar',
  /** Every user's own profile (name, e-mail, password, language, dark mode, sound). */
  profile: '/perfil',
  /** The link e-mailed to one's new address (public: it may be opened on another device). */
  confirmEmail: '/perfil/email/:token',
} as const;

/** The detail of one campaign. */
export function campaignPath(campaignId: number): string {
  return `${PATHS.campaigns}/${campaignId}`;
}

/** The chat of one ticket. */
export function chatPath(ticketId: number): string {
  return `${PATHS.atendimento}/${ticketId}`;
}

/** The builder of one flow. */
export function chatFlowBuilderPath(flowId: number): string {
  return `${PATHS.chatFlowBuilder}?id=${flowId}`;
}

/**
 * SPEC §2/§6 name these redirect targets; those whose screens are not built yet
 * point at the closest existing screen. Switch them here when they exist.
 */
export const NAMED_TARGETS = {
  /** admin and super after login (SPEC §6). */
  'home-dashboard': PATHS.home,
  /** superadmin after login (SPEC §6). */
  assinatura: PATHS.subscription,
  /** everyone else after login (SPEC §6). */
  atendimento: PATHS.atendimento,
  /** `/` for everyone but the superadmin (SPEC §2). */
  contatos: PATHS.contacts,
  /** `/` and `/home` for the superadmin (SPEC §2). */
  tenants: PATHS.tenants,
} as const;

/** Where a user lands after logging in (SPEC §6). */
export function loginTargetFor(profile: Profile | null): string {
  switch (profile) {
    case 'admin':
    case 'super':
      return NAMED_TARGETS['home-dashboard'];
    case 'superadmin':
      return NAMED_TARGETS.assinatura;
    default:
      return NAMED_TARGETS.atendimento;
  }
}

/** Where `/` leads (SPEC §2). */
export function rootTargetFor(profile: Profile | null): string {
  return profile === 'superadmin' ? NAMED_TARGETS.tenants : NAMED_TARGETS.contatos;
}

/** Platform screens belong to the superadmin of the main tenant (SPEC §6). */
export function isPlatformAdmin(profile: Profile | null | undefined, tenantId: number | null | undefined): boolean {
  return profile === 'superadmin' && tenantId === MAIN_TENANT_ID;
}

/** `nav-<path>` test id of a menu link, e.g. /configuracoes/geral → nav-configuracoes. */
export function navTestId(path: string): string {
  return `nav-${path.replace(/^\//, '').split('/')[0]}`;
}
