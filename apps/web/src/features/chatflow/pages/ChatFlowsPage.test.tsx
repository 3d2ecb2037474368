import { flowExportSchema } from '@conversa/shared/chatbot';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { renderWithApp } from '../../../test/render';
import { flowOf, MENU_FLOW } from '../builder/test-flow';
import { flowToExport } from '../flow-json';
import { ChatFlowsPage } from './ChatFlowsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FLOW = flowOf(MENU_FLOW, { publishedVersion: 2, hasUnpublishedChanges: false, testNumber: '5511999990000' });

function api(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /chat-flow': () => ({ body: [FLOW] }),
    'GET /chat-flow/:id/export': () => ({ body: flowToExport(FLOW) }),
    ...extra,
  });
}

async function openImport(user: ReturnType<typeof renderWithApp>['user']) {
  await screen.findByTestId('flow-1');
  await user.click(screen.getByTestId('flows-import'));
  return screen.findByTestId('flow-import-modal');
}

describe('/chat-flow', () => {
  it('lists the flows: name, description, active, published version, test number', async () => {
    api();
    renderWithApp(<ChatFlowsPage />);
    const row = await screen.findByTestId('flow-1');
    expect(row).toHaveTextContent('Atendimento');
    expect(row).toHaveTextContent('Menu principal');
    expect(row).toHaveTextContent('Ativo');
    expect(row).toHaveTextContent('Versão 2');
    expect(row).toHaveTextContent('5511999990000');
  });

  it("refuses pasted text that is not JSON with the SPEC's message, translated, and sends nothing", async () => {
    const calls = api().calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    const modal = await openImport(user);
    await user.click(within(modal).getByTestId('flow-import-text'));
    await user.paste('{ "name": "Vendas", ');
    await user.click(within(modal).getByTestId('flow-import-submit'));
    expect(await within(modal).findByTestId('flow-import-error')).toHaveTextContent(
      'O formato JSON informado é inválido. Corrija e tente novamente.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses JSON that the API schema refuses (a route to a missing step), before sending', async () => {
    const calls = api().calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    const modal = await openImport(user);
    const broken = flowToExport(flowOf({ ...MENU_FLOW, startStepId: 'nowhere' }));
    await user.click(within(modal).getByTestId('flow-import-text'));
    await user.paste(JSON.stringify(broken));
    await user.click(within(modal).getByTestId('flow-import-submit'));
    const error = await within(modal).findByTestId('flow-import-error');
    expect(error).toHaveTextContent('Este JSON não é um fluxo de chatbot válido');
    expect(error).toHaveTextContent('definition.startStepId: Um encaminhamento leva a uma etapa, fila ou usuário que não existe mais.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('imports a valid file through POST /chat-flow/import', async () => {
    const calls = api({ 'POST /chat-flow/import': () => ({ status: 201, body: { ...FLOW, id: 2 } }) }).calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    const modal = await openImport(user);
    const file = new File([JSON.stringify(flowToExport(FLOW))], 'atendimento.json', { type: 'application/json' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await waitFor(() => expect(within(modal).getByTestId('flow-import-text')).toHaveValue(JSON.stringify(flowToExport(FLOW))));
    await user.click(within(modal).getByTestId('flow-import-submit'));
    await waitFor(() => expect(screen.queryByTestId('flow-import-modal')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/chat-flow/import');
    // The file's text, which the server parses with the same schema.
    expect(post?.body).toEqual({ json: JSON.stringify(flowToExport(FLOW)) });
  });

  it('exports the stored flow as a JSON file that the import accepts', async () => {
    api();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:flow';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderWithApp(<ChatFlowsPage />);
    await user.click(await screen.findByTestId('flow-export-1'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(clicked).toEqual(['Atendimento.json']);
    const json: unknown = JSON.parse(await blobs[0].text());
    const parsed = flowExportSchema.safeParse(json);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.definition.steps.map((s) => s.id)).toEqual(['welcome', 'menu', 'support']);
  });

  it('duplicates a flow through POST /chat-flow/{id}/duplicate and lists the copy', async () => {
    let copied = false;
    const calls = api({
      'GET /chat-flow': () => ({ body: copied ? [FLOW, { ...FLOW, id: 3, name: 'Atendimento (cópia)' }] : [FLOW] }),
      'POST /chat-flow/:id/duplicate': () => {
        copied = true;
        return { status: 201, body: { ...FLOW, id: 3, name: 'Atendimento (cópia)' } };
      },
    }).calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    await user.click(await screen.findByTestId('flow-duplicate-1'));
    expect(await screen.findByTestId('flow-3')).toHaveTextContent('Atendimento (cópia)');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/chat-flow/1/duplicate']);
  });

  it('deletes only after the confirmation', async () => {
    const calls = api({ 'DELETE /chat-flow/:id': () => ({ status: 204, body: null }) }).calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    await user.click(await screen.findByTestId('flow-delete-1'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Excluir o fluxo "Atendimento"?');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/chat-flow/1']));
  });

  it('creates a flow with one step and opens it in the builder', async () => {
    const calls = api({ 'POST /chat-flow': ({ body }) => ({ status: 201, body: { ...FLOW, ...(body as object), id: 4 } }) }).calls;
    const { user } = renderWithApp(<ChatFlowsPage />);
    await user.click(await screen.findByTestId('flows-new'));
    const modal = await screen.findByTestId('flow-modal');
    await user.type(within(modal).getByTestId('flow-test-number'), '12');
    await user.click(within(modal).getByTestId('flow-save'));
    expect(await within(modal).findByText('Este campo é obrigatório.')).toBeInTheDocument();
    expect(within(modal).getByText('Informe de 8 a 15 dígitos com o código do país.')).toBeInTheDocument();
    await user.type(within(modal).getByTestId('flow-name'), 'Vendas');
    await user.clear(within(modal).getByTestId('flow-test-number'));
    await user.click(within(modal).getByTestId('flow-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { name: string; definition: { steps: unknown[] } };
    expect(body.name).toBe('Vendas');
    expect(body.definition.steps).toHaveLength(1);
  });
});
