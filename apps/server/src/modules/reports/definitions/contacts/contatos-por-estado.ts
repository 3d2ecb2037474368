import { areaCodesOfStates } from '@conversa/shared';
import { contactReport } from './contact-report.js';

/**
 * contatos-por-estado: the contacts whose number's area code (DDD) belongs to one of the selected
 * states; numbers of other countries or unknown codes belong to none.
 */
export const contatosPorEstadoReport = contactReport('contatos-por-estado', (_ctx, { filters }) => ({
  kind: 'areaCodes',
  areaCodes: areaCodesOfStates(filters.states ?? []),
}));
