import type { ReportDefinition } from '../../report-definition.js';
import { contatosPorCarteiraReport } from './contatos-por-carteira.js';
import { contatosPorEstadoReport } from './contatos-por-estado.js';
import { contatosPorEtiquetasReport } from './contatos-por-etiquetas.js';
import { contatosPorKanbanReport } from './contatos-por-kanban.js';
import { listaContatosReport } from './lista-contatos.js';

/** The five contact reports of /relatorios, for the reports registry. */
export const contactReportDefinitions: readonly ReportDefinition[] = [
  listaContatosReport,
  contatosPorEtiquetasReport,
  contatosPorEstadoReport,
  contatosPorKanbanReport,
  contatosPorCarteiraReport,
];
