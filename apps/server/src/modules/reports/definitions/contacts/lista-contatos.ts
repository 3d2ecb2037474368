import { contactReport } from './contact-report.js';

/** lista-contatos: every contact, or those created within the date range (the tenant's calendar days, both included). */
export const listaContatosReport = contactReport('lista-contatos', (_ctx, { filters, timeZone }) => ({
  kind: 'all',
  createdFrom: filters.from,
  createdTo: filters.to,
  timeZone,
}));
