import { contactReport } from './contact-report.js';

/** contatos-por-etiquetas: the contacts carrying any of the selected tags; the tags column lists all their tags. */
export const contatosPorEtiquetasReport = contactReport('contatos-por-etiquetas', (_ctx, { filters }) => ({
  kind: 'tags',
  tagIds: filters.tagIds ?? [],
}));
