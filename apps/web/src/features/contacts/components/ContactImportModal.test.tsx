import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ContactImportModal } from './ContactImportModal';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the contact import modal', () => {
  it('tells which columns a pt-BR spreadsheet needs, and shows the rejected rows in Portuguese', async () => {
    const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = input.toString();
      if (url.endsWith('/contacts/import') && init?.method === 'POST') return json({ jobId: 'job-1', status: 'queued', total: 2 }, 202);
      if (url.endsWith('/contacts/import/job-1')) {
        return json({
          jobId: 'job-1',
          fileName: 'contatos.csv',
          status: 'finished',
          total: 2,
          done: 2,
          imported: 1,
          rejected: [
            {
              row: 3,
              code: 'countryCode',
              reason: 'Contact numbers need a country code: write +55 before a Brazilian number (e.g. +55 11 98765-4321).',
            },
          ],
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        });
      }
      return json({ error: 'ERR_ROUTE_NOT_FOUND', message: 'not here' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);

    const { user } = renderWithApp(<ContactImportModal onClose={() => undefined} />);
    expect(await screen.findByText(/colunas Nome e Telefone/)).toBeVisible();
    expect(screen.getByText(/\+55 11 98765-4321/)).toBeVisible();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['Nome;Telefone\nAna;11 98765-4321\n'], 'contatos.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('contacts-import-start'));

    const rejected = await screen.findByTestId('contacts-import-rejected');
    // Some rows left out: a warning, not a success.
    const outcome = screen.getByTestId('contacts-import-outcome');
    expect(outcome).toHaveTextContent('Importação concluída. Importados: 1. Rejeitados: 1.');
    expect(outcome.getAttribute('style')).toContain('yellow');
    expect(within(rejected).getByText('3')).toBeVisible();
    expect(within(rejected).getByText('Número sem o código do país: escreva +55 antes do DDD (ex.: +55 11 98765-4321).')).toBeVisible();
    vi.unstubAllGlobals();
  });

  it("a file the server refuses says why in the user's words (more than 50,000 rows), not 'some fields are invalid'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: 'ERR_VALIDATION',
            message: 'At most 50000 contacts per import.',
            fields: { file: ['More than 50000 rows.'] },
            issues: { file: [{ code: 'custom', rule: 'importRows' }] },
          },
          400,
        ),
      ),
    );
    const { user } = renderWithApp(<ContactImportModal onClose={() => undefined} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['Nome;Telefone\n'], 'enorme.csv', { type: 'text/csv' }));
    await user.click(screen.getByTestId('contacts-import-start'));
    expect(await screen.findByTestId('contacts-import-error')).toHaveTextContent(
      'O arquivo tem mais de 50.000 linhas: divida-o em arquivos menores.',
    );
    vi.unstubAllGlobals();
  });
});
