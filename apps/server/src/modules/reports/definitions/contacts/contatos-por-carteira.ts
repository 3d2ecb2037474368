import { contactReport } from './contact-report.js';

/** contatos-por-carteira: the contacts in the wallet of any of the selected users; the wallets column names all their wallet owners. */
export const contatosPorCarteiraReport = contactReport('contatos-por-carteira', (_ctx, { filters }) => ({
  kind: 'wallets',
  walletUserIds: filters.walletUserIds ?? [],
}));
