import { createUserBodySchema, updateUserBodySchema, type User } from '@conversa/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fetch';
import { expectFieldError, field } from '../../../test/form';
import { renderWithApp } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { testUser } from '../test-support';
import { UserFormModal } from './UserFormModal';

const AGENT: User = testUser(12, 'Bruno Lima', 'user', 'bruno@example.com');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the user form validates with the server schema (createUserBodySchema / updateUserBodySchema)', () => {
  it('refuses a short name, an invalid e-mail and a weak password, translated under each field, and sends nothing', async () => {
    const api = fakeApi({ 'POST /users': ({ body }) => ({ status: 201, body: { ...AGENT, ...(body as object) } }) });
    const { user } = renderWithApp(<UserFormModal user={null} onClose={() => undefined} />);
    await user.type(field('Nome'), 'B');
    await user.type(field('E-mail'), 'bruno@');
    await user.type(field('Senha'), 'abcdefg');
    await user.click(screen.getByTestId('user-save'));

    await expectFieldError('Nome', 'Informe pelo menos 2 caracteres.');
    await expectFieldError('E-mail', 'E-mail inválido.');
    await expectFieldError('Senha', 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.');
    expect(api.calls).toEqual([]);
  });

  it('sends a body the schema accepts', async () => {
    const api = fakeApi({ 'POST /users': ({ body }) => ({ status: 201, body: { ...AGENT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<UserFormModal user={null} onClose={onClose} />);
    await user.type(field('Nome'), 'Bruno Lima');
    await user.type(field('E-mail'), 'bruno@example.com');
    await user.type(field('Senha'), 'Forte-123');
    await user.click(screen.getByTestId('user-save'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createUserBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toEqual({
      name: 'Bruno Lima',
      email: 'bruno@example.com',
      password: 'Forte-123',
      profile: 'user',
      blockWavoip: false,
    });
  });

  it("an edit with the password left empty keeps it (not sent) and is checked by PUT /users/:id's schema", async () => {
    const api = fakeApi({ 'PUT /users/:id': ({ body }) => ({ body: { ...AGENT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<UserFormModal user={AGENT} onClose={onClose} />);
    await user.type(field('Senha'), 'fraca');
    await user.click(screen.getByTestId('user-save'));
    await expectFieldError('Senha', 'A senha deve ter pelo menos 7 caracteres, com letras, números e um caractere especial.');
    expect(api.calls).toEqual([]);

    await user.clear(field('Senha'));
    await user.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls[0].path).toBe('/users/12');
    expect(updateUserBodySchema.safeParse(api.calls[0].body).success).toBe(true);
    expect(api.calls[0].body).toEqual({ name: 'Bruno Lima', email: 'bruno@example.com', blockWavoip: false });
  });

  it('editing oneself leaves the e-mail, password and profile to My profile (the server would refuse them here) and says so', async () => {
    signInAs('admin', { userId: AGENT.id });
    const api = fakeApi({ 'PUT /users/:id': ({ body }) => ({ body: { ...AGENT, ...(body as object) } }) });
    const onClose = vi.fn();
    const { user } = renderWithApp(<UserFormModal user={{ ...AGENT, profile: 'admin' }} onClose={onClose} />);
    expect(screen.getByTestId('user-self-hint')).toHaveTextContent('Altere seu e-mail e sua senha em Meu perfil');
    expect(field('E-mail')).toBeDisabled();
    expect(screen.queryByLabelText('Senha')).toBeNull();
    expect(field('Perfil')).toBeDisabled();
    await user.clear(field('Nome'));
    await user.type(field('Nome'), 'Bruno L.');
    await user.click(screen.getByTestId('user-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Bruno L.', email: AGENT.email, blockWavoip: false });
  });
});
