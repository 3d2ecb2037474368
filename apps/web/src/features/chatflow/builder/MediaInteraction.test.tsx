import { MEDIA_UPLOAD } from '@conversa/shared';
import { flowDefinitionSchema, type FlowDraft, type FlowMedia } from '@conversa/shared/chatbot';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReactFlowProvider } from '@xyflow/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../../../test/fetch';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { FlowBuilder } from '../pages/ChatFlowBuilderPage';
import { mediaFileProblem } from './MediaInteraction';
import { flowOf, MENU_FLOW, mockReactFlow, QUEUES } from './test-flow';

beforeAll(mockReactFlow);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

const UPLOADED: FlowMedia = {
  key: '1/abcdefghijklmnopqrstuvwxyz012345',
  name: 'cardapio.png',
  mime: 'image/png',
  size: 2_621_440,
  type: 'image',
};

/** A step whose first interaction is a media one that already has a file. */
const WITH_MEDIA: FlowDraft = {
  ...MENU_FLOW,
  steps: MENU_FLOW.steps.map((s) =>
    s.id === 'support'
      ? {
          ...s,
          interactions: [
            {
              id: 'm1',
              kind: 'media',
              media: {
                key: '1/ZYXWVUTSRQPONMLKJIHGFEDCBA987654',
                name: 'manual.pdf',
                mime: 'application/pdf',
                size: 1500,
                type: 'document',
              },
              caption: '',
            },
          ],
        }
      : s,
  ),
};

type Answer = { status?: number; body: unknown };

function api(upload: (call: ApiCall) => Answer = () => ({ status: 201, body: UPLOADED })) {
  return fakeApi({
    'GET /queue': () => ({ body: QUEUES }),
    'GET /users/': () => ({ body: { users: [], count: 0, hasMore: false } }),
    'GET /whatsapp': () => ({ body: [] }),
    'GET /chat-flow': () => ({ body: [] }),
    'POST /chat-flow/media': upload,
    'PUT /chat-flow/:id': ({ body }) => ({ body: { ...flowOf(), ...(body as object), updatedAt: '2026-11-20T11:00:00.000Z' } }),
  }).calls;
}

function renderBuilder(definition: FlowDraft = MENU_FLOW) {
  return renderWithApp(
    <ReactFlowProvider>
      <FlowBuilder flow={flowOf(definition)} />
    </ReactFlowProvider>,
  );
}

async function selectStep(stepId: string, name: string) {
  const node = (await screen.findByTestId(`step-node-${stepId}`)).closest<HTMLElement>('.react-flow__node')!;
  node.focus();
  fireEvent.keyDown(node, { key: 'Enter' });
  return waitFor(() => {
    const panel = screen.getByTestId('step-panel');
    expect(within(panel).getByTestId('step-name')).toHaveValue(name);
    return panel;
  });
}

const fileInput = (panel: HTMLElement, index: number) =>
  within(panel).getByTestId(`interaction-${index}`).querySelector<HTMLInputElement>('input[type="file"]')!;

/** Picks a file the way the browser hands it over (no `accept` filtering: the component's own check is under test). */
const pick = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });

const png = (name = 'cardapio.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

const uploads = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' && c.path === '/chat-flow/media');
const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

describe('media interactions in the builder', () => {
  it('"Mídia" adds an interaction without a file: validation asks for one and the draft is not sent', async () => {
    const calls = api();
    const { user } = renderBuilder();
    const panel = await selectStep('welcome', 'Boas-vindas');
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-media'));
    const card = await within(panel).findByTestId('interaction-1');
    expect(card).toHaveTextContent('Mídia');
    expect(card).toHaveTextContent('Nenhum arquivo enviado.');
    expect(within(card).getByTestId('interaction-1-media-choose')).toHaveTextContent('Escolher arquivo');
    expect(within(card).getByTestId('interaction-1-media-error')).toHaveTextContent('Envie um arquivo.');
    // One problem for the missing file (not one per empty field of `media`).
    expect(screen.getByTestId('draft-issues')).toHaveTextContent('Problemas a corrigir antes de publicar: 1');
    expect(screen.getByTestId('builder-publish')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'invalid'));
    expect(puts(calls)).toHaveLength(0);
  });

  it('uploads the chosen file, shows it (name, type, size, image preview) and saves the media the server answered; undo takes it back', async () => {
    const createObjectURL = vi.fn(() => 'blob:preview-1');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    let answer!: (value: Answer) => void;
    const calls = fakeUploadOnHold((resolve) => (answer = resolve));
    const { user } = renderBuilder();
    const panel = await selectStep('welcome', 'Boas-vindas');
    await user.click(within(panel).getByTestId('interaction-add'));
    await user.click(await screen.findByTestId('interaction-add-media'));
    const card = await within(panel).findByTestId('interaction-1');

    // The button opens the file picker from the keyboard too.
    const input = fileInput(panel, 1);
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    within(card).getByTestId('interaction-1-media-choose').focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalled();

    await user.upload(input, png());
    expect(await within(card).findByTestId('interaction-1-media-uploading')).toHaveTextContent('Enviando cardapio.png…');
    expect(within(card).getByTestId('interaction-1-media-choose')).toBeDisabled();
    const sent = uploads(calls)[0].body as FormData;
    expect((sent.get('file') as File).name).toBe('cardapio.png');
    answer({ status: 201, body: UPLOADED });

    expect(await within(card).findByTestId('interaction-1-media-name')).toHaveTextContent('cardapio.png');
    expect(within(card).getByTestId('interaction-1-media-details')).toHaveTextContent('Imagem · 2,5 MB');
    expect(within(card).getByTestId('interaction-1-media-preview')).toHaveAttribute('src', 'blob:preview-1');
    expect(within(card).getByTestId('interaction-1-media-choose')).toHaveTextContent('Substituir arquivo');
    await waitFor(() => expect(screen.queryByTestId('draft-issues')).not.toBeInTheDocument());

    // A caption with variables, like a text message.
    await user.click(within(card).getByTestId('interaction-1-media-caption'));
    await user.paste('Nosso cardápio, {{firstName}}');
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved'));
    const definition = (puts(calls).at(-1)!.body as { definition: FlowDraft }).definition;
    const added = definition.steps[0].interactions[1];
    expect(added).toEqual({ id: added.id, kind: 'media', media: UPLOADED, caption: 'Nosso cardápio, {{firstName}}' });
    expect(added.id).toMatch(/^i_/);
    expect(flowDefinitionSchema.safeParse(definition).success).toBe(true);

    // Undo: the caption, then the upload (one step), and redo brings the file back.
    await user.click(screen.getByTestId('builder-undo'));
    expect(within(card).getByTestId('interaction-1-media-caption')).toHaveValue('');
    await user.click(screen.getByTestId('builder-undo'));
    expect(card).toHaveTextContent('Nenhum arquivo enviado.');
    await user.click(screen.getByTestId('builder-redo'));
    expect(within(card).getByTestId('interaction-1-media-name')).toHaveTextContent('cardapio.png');
  });

  it('replaces the file of an existing media interaction', async () => {
    const calls = api(() => ({
      status: 201,
      body: { ...UPLOADED, name: 'novo-manual.pdf', mime: 'application/pdf', type: 'document', size: 900 },
    }));
    renderBuilder(WITH_MEDIA);
    const panel = await selectStep('support', 'Suporte');
    const card = within(panel).getByTestId('interaction-0');
    expect(within(card).getByTestId('interaction-0-media-name')).toHaveTextContent('manual.pdf');
    expect(within(card).getByTestId('interaction-0-media-details')).toHaveTextContent('Documento · 1 KB');
    pick(fileInput(panel, 0), new File(['%PDF-1.4'], 'novo-manual.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(card).getByTestId('interaction-0-media-name')).toHaveTextContent('novo-manual.pdf'));
    expect(within(card).getByTestId('interaction-0-media-details')).toHaveTextContent('Documento · 900 B');
    await waitFor(() => expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved'));
    const definition = (puts(calls)[0].body as { definition: FlowDraft }).definition;
    expect(definition.steps[2].interactions[0]).toEqual({
      id: 'm1',
      kind: 'media',
      media: { ...UPLOADED, name: 'novo-manual.pdf', mime: 'application/pdf', type: 'document', size: 900 },
      caption: '',
    });
  });

  it.each([
    [
      'too big',
      Object.defineProperty(png('enorme.png'), 'size', { value: MEDIA_UPLOAD.maxBytes + 1 }),
      '"enorme.png" tem mais de 16 MB, o limite de arquivos.',
    ],
    ['of a refused type', new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), 'O tipo de "setup.exe" não é aceito.'],
    ['empty', new File([], 'vazio.txt', { type: 'text/plain' }), '"vazio.txt" está vazio.'],
  ])('a file %s is refused before upload with a message, and nothing changes', async (_case, file, message) => {
    const calls = api();
    renderBuilder(WITH_MEDIA);
    const panel = await selectStep('support', 'Suporte');
    pick(fileInput(panel, 0), file);
    expect(await within(panel).findByTestId('interaction-0-media-problem')).toHaveTextContent(message);
    expect(uploads(calls)).toHaveLength(0);
    expect(within(panel).getByTestId('interaction-0-media-name')).toHaveTextContent('manual.pdf');
    expect(screen.getByTestId('builder-undo')).toBeDisabled();
    expect(screen.getByTestId('autosave-status')).toHaveAttribute('data-status', 'saved');
  });

  it.each([
    [
      415,
      { error: 'ERR_UNSUPPORTED_MEDIA_TYPE', message: 'Files of type application/x-sqlite3 are not accepted.' },
      'O servidor recusou o arquivo: este tipo de arquivo não é aceito.',
    ],
    [
      413,
      { error: 'ERR_PAYLOAD_TOO_LARGE', message: 'The file is larger than 16 MB.' },
      'O servidor recusou o arquivo: ele tem mais de 16 MB.',
    ],
    [403, { error: 'ERR_NO_PERMISSION', message: 'No permission.' }, 'Não foi possível enviar o arquivo:'],
  ])("shows the server's refusal (%i) and keeps the interaction as it was", async (status, body, message) => {
    const calls = api(() => ({ status, body }));
    renderBuilder(WITH_MEDIA);
    const panel = await selectStep('support', 'Suporte');
    pick(fileInput(panel, 0), png('base.png'));
    expect(await within(panel).findByTestId('interaction-0-media-problem')).toHaveTextContent(message);
    expect(uploads(calls)).toHaveLength(1);
    expect(within(panel).getByTestId('interaction-0-media-name')).toHaveTextContent('manual.pdf');
    expect(within(panel).getByTestId('interaction-0-media-choose')).toBeEnabled();
    expect(screen.getByTestId('builder-undo')).toBeDisabled();
    expect(puts(calls)).toHaveLength(0);
  });

  it('works on a 390 px screen (the step panel is a bottom drawer there)', async () => {
    setScreenSize(PHONE);
    api();
    renderBuilder(WITH_MEDIA);
    const panel = await selectStep('support', 'Suporte');
    await waitFor(() => expect(within(panel).getByTestId('interaction-0-media-choose')).toBeVisible());
    // A long name is cut with an ellipsis; the whole name is in its title.
    expect(within(panel).getByTestId('interaction-0-media-name')).toHaveAttribute('title', 'manual.pdf');
    pick(fileInput(panel, 0), png());
    await waitFor(() => expect(within(panel).getByTestId('interaction-0-media-name')).toHaveTextContent('cardapio.png'));
  });
});

describe('mediaFileProblem', () => {
  it("mirrors the server's limits: size, empty files, accepted families, SVG refused, undeclared types left to the server", () => {
    const file = (type: string, size = 10) => Object.defineProperty(new File(['x'], 'f', { type }), 'size', { value: size });
    expect(mediaFileProblem(file('image/jpeg'))).toBeNull();
    expect(mediaFileProblem(file('application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toBeNull();
    expect(mediaFileProblem(file('text/csv'))).toBeNull();
    expect(mediaFileProblem(file(''))).toBeNull();
    expect(mediaFileProblem(file('image/svg+xml'))).toBe('type');
    expect(mediaFileProblem(file('text/html'))).toBe('type');
    expect(mediaFileProblem(file('video/mp4', MEDIA_UPLOAD.maxBytes))).toBeNull();
    expect(mediaFileProblem(file('video/mp4', MEDIA_UPLOAD.maxBytes + 1))).toBe('tooLarge');
    expect(mediaFileProblem(file('text/plain', 0))).toBe('empty');
  });
});

/** The API, with the upload answered only when the test says so (to see the loading state). */
function fakeUploadOnHold(hold: (resolve: (answer: Answer) => void) => void) {
  const calls = api();
  const fetchWithApi = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    if (String(input).endsWith('/chat-flow/media')) {
      calls.push({ method: 'POST', path: '/chat-flow/media', query: new URLSearchParams(), body: init?.body });
      const answer = await new Promise<Answer>((resolve) => hold(resolve));
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }
    return fetchWithApi(input, init);
  });
  return calls;
}
