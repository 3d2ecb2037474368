import type { ContactVariable } from '@conversa/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateTextarea } from '../../../components/TemplateTextarea';
import { fakeApi } from '../../../test/fetch';
import { errorOf, expectFieldError, field } from '../../../test/form';
import { PHONE, setScreenSize } from '../../../test/media';
import { renderWithApp } from '../../../test/render';
import { ContactVariablesPage } from './ContactVariablesPage';
import { watchNotices } from '../../../test/notices';

const variable = (id: number, name: string, description: string | null = null): ContactVariable => ({
  id,
  name,
  description,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('/configuracoes/variaveis: the contact variables', () => {
  it('lists each variable as it is written in texts, with its description', async () => {
    fakeApi({ 'GET /contact-variables': () => ({ body: [variable(1, 'CPF', 'Documento'), variable(2, 'plano')] }) });
    renderWithApp(<ContactVariablesPage />);
    const row = await screen.findByTestId('contact-variable-CPF');
    expect(within(row).getByText('{{CPF}}')).toBeInTheDocument();
    expect(within(row).getByText('Documento')).toBeInTheDocument();
    expect(screen.getByText(/Crie variáveis próprias da empresa, como \{\{CPF\}\}/)).toBeInTheDocument();
  });

  it('creates one with the server schema: a system name or spaces are refused before sending; a duplicate shows the server reason', async () => {
    let posts = 0;
    const api = fakeApi({
      'GET /contact-variables': () => ({ body: [variable(1, 'CPF')] }),
      'POST /contact-variables': ({ body }) =>
        ++posts === 1
          ? {
              status: 409,
              body: {
                error: 'ERR_DUPLICATED_CONTACT_VARIABLE',
                message: 'A contact variable with this name already exists.',
                fields: { name: ['Already used'] },
              },
            }
          : { status: 201, body: { ...variable(9, ''), ...(body as object) } },
    });
    const { user } = renderWithApp(<ContactVariablesPage />);
    await user.click(await screen.findByTestId('contact-variable-new'));
    await user.type(field('Nome'), 'meu campo');
    await user.click(screen.getByTestId('contact-variable-save'));
    await waitFor(() => expect(screen.getByTestId('contact-variable-name')).toHaveAttribute('aria-invalid', 'true'));
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'firstName');
    await user.click(screen.getByTestId('contact-variable-save'));
    await waitFor(() => expect(screen.getByTestId('contact-variable-name')).toHaveAttribute('aria-invalid', 'true'));
    expect(errorOf(screen.getByTestId('contact-variable-name'))).toBe(
      'Este nome já é de uma variável do sistema (como name ou greeting). Escolha outro.',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'cpf');
    expect(screen.getByTestId('contact-variable-usage-hint')).toHaveTextContent('Nos textos, escreva {{cpf}}.');
    await user.click(screen.getByTestId('contact-variable-save'));
    expect(await screen.findByTestId('contact-variable-form-error')).toHaveTextContent('Já existe uma variável com este nome.');
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'plano');
    await user.type(field('Descrição'), ' Plano contratado ');
    await user.click(screen.getByTestId('contact-variable-save'));
    await waitFor(() => expect(screen.queryByTestId('contact-variable-modal')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'cpf', description: null },
      { name: 'plano', description: 'Plano contratado' },
    ]);
  });

  it('an edit changes only the description (the name is fixed)', async () => {
    const api = fakeApi({
      'GET /contact-variables': () => ({ body: [variable(1, 'CPF', 'Documento')] }),
      'PUT /contact-variables/:id': ({ body }) => ({ body: { ...variable(1, 'CPF'), ...(body as object) } }),
    });
    const { user } = renderWithApp(<ContactVariablesPage />);
    await user.click(await screen.findByTestId('contact-variable-edit-CPF'));
    expect(screen.getByTestId('contact-variable-name')).toBeDisabled();
    await user.clear(field('Descrição'));
    await user.type(field('Descrição'), 'CPF do titular');
    await user.click(screen.getByTestId('contact-variable-save'));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/contact-variables/1', { description: 'CPF do titular' }],
      ]),
    );
  });

  it('deleting says first how many contacts keep a value and what happens to texts, then deletes', async () => {
    const notices = watchNotices();
    const api = fakeApi({
      'GET /contact-variables': () => ({ body: [variable(1, 'CPF')] }),
      'GET /contact-variables/:id/usage': () => ({ body: { contacts: 4 } }),
      'DELETE /contact-variables/:id': () => ({ body: null }),
    });
    const { user } = renderWithApp(<ContactVariablesPage />);
    await user.click(await screen.findByTestId('contact-variable-delete-CPF'));
    const dialog = await screen.findByTestId('confirm-modal');
    expect(dialog).toHaveTextContent('Deseja realmente excluir a variável {{CPF}}?');
    expect(await within(dialog).findByTestId('contact-variable-delete-usage')).toHaveTextContent('Contatos com valor para “CPF”: 4.');
    expect(dialog).toHaveTextContent('Textos que ainda usam {{CPF}} passam a enviar o valor do contato');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(within(dialog).getByTestId('confirm-button'));
    await notices.shown('Tudo certo! Registro excluído.');
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/contact-variables/1']);
  });

  it('works on a 390 px phone', async () => {
    setScreenSize(PHONE);
    fakeApi({
      'GET /contact-variables': () => ({ body: [variable(1, 'uma_variavel_com_nome_comprido', 'E uma descrição longa também')] }),
    });
    renderWithApp(<ContactVariablesPage />);
    expect(await screen.findByTestId('contact-variable-uma_variavel_com_nome_comprido')).toBeVisible();
    expect(screen.getByTestId('contact-variable-new')).toBeVisible();
  });
});

describe('contact variables in texts', () => {
  function Text() {
    const [value, setValue] = useState('');
    return <TemplateTextarea label="Mensagem" value={value} onChange={setValue} />;
  }

  it("the variable picker offers them after the system's, and typing one is not an error (an unknown one is)", async () => {
    fakeApi({ 'GET /contact-variables': () => ({ body: [variable(1, 'CPF', 'Documento do cliente')] }) });
    const { user } = renderWithApp(<Text />);
    await user.click(screen.getByTestId('template-textarea-variables'));
    await user.click(await screen.findByTestId('template-textarea-variables-CPF'));
    const input = screen.getByTestId('template-textarea');
    expect(input).toHaveValue('{{CPF}}');
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(input, ' {{{{RG}}');
    await expectFieldError('Mensagem', 'Variável desconhecida: {{RG}}. Use as variáveis da lista.');
  });
});
