import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/errors';
import { PHONE, setScreenSize } from '../test/media';
import { watchNotices } from '../test/notices';
import { renderWithApp } from '../test/render';
import { FormModal, useFormSave } from './FormModal';

type Mutate = (input: { name: string }, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;

function Probe({ mutate, onClose }: { mutate: Mutate; onClose: () => void }) {
  const form = useForm({ initialValues: { name: 'Vendas', file: null as File | null } });
  const saving = useFormSave(
    form,
    { mutate, isPending: false },
    {
      errorId: 'probe-save-error',
      onClose,
      duplicate: { code: 'ERR_DUPLICATED_PROBE', field: 'name' },
      fieldAliases: { mediaToken: 'file' },
    },
  );
  return (
    <FormModal
      title="Nova etiqueta"
      testId="probe"
      onSubmit={form.onSubmit((values) => saving.save({ name: values.name }))}
      saving={saving}
    >
      <TextInput label="Nome" data-testid="probe-name" {...form.getInputProps('name')} />
      <TextInput label="Arquivo" data-testid="probe-file" error={form.errors.file} readOnly />
    </FormModal>
  );
}

describe('FormModal and useFormSave', () => {
  it('saves what the form holds, says so and closes', async () => {
    const onClose = vi.fn();
    const mutate = vi.fn<Mutate>((_input, options) => options.onSuccess());
    const { user } = renderWithApp(<Probe mutate={mutate} onClose={onClose} />);
    expect(screen.getByTestId('probe-modal')).toBeTruthy();
    expect(screen.getByText('Nova etiqueta')).toBeTruthy();
    const notices = watchNotices();
    await user.click(screen.getByTestId('probe-save'));
    expect(mutate).toHaveBeenCalledWith({ name: 'Vendas' }, expect.anything());
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    await notices.shown('Tudo certo! Registro salvo.');
  });

  it('a refusal puts the field errors on the form (aliases too), the duplicate under its field and the message above the buttons; the modal stays', async () => {
    const onClose = vi.fn();
    const refusal = new ApiError(409, 'ERR_DUPLICATED_PROBE', 'Já existe', { mediaToken: ['too large'] }, undefined, {
      mediaToken: [{ code: 'too_big' }],
    });
    const mutate = vi.fn<Mutate>((_input, options) => options.onError(refusal));
    const { user } = renderWithApp(<Probe mutate={mutate} onClose={onClose} />);
    await user.click(screen.getByTestId('probe-save'));
    const alert = await screen.findByTestId('probe-form-error');
    expect(alert.textContent).toBe('Já existe');
    expect(screen.getByTestId('probe-name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('probe-file').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();

    // The next try starts clean: saved, the error goes.
    mutate.mockImplementation((_input, options) => options.onSuccess());
    await user.click(screen.getByTestId('probe-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(screen.queryByTestId('probe-form-error')).toBeNull();
  });

  it("the refusal's message goes once the values change (the duplicate name fixed), before the next save", async () => {
    const refusal = new ApiError(409, 'ERR_DUPLICATED_PROBE', 'Já existe uma etiqueta com este nome.');
    const mutate = vi.fn<Mutate>((_input, options) => options.onError(refusal));
    const { user } = renderWithApp(<Probe mutate={mutate} onClose={vi.fn()} />);
    await user.click(screen.getByTestId('probe-save'));
    expect((await screen.findByTestId('probe-form-error')).textContent).toBe('Já existe uma etiqueta com este nome.');
    await user.type(screen.getByTestId('probe-name'), ' Norte');
    expect(screen.queryByTestId('probe-form-error')).toBeNull();
  });

  it('Cancel closes without saving; on a phone the modal takes the whole screen', async () => {
    setScreenSize(PHONE);
    const onClose = vi.fn();
    const mutate = vi.fn<Mutate>();
    const { user } = renderWithApp(<Probe mutate={mutate} onClose={onClose} />);
    expect(document.querySelector('.mantine-Modal-content')?.getAttribute('data-full-screen')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(mutate).not.toHaveBeenCalled();
  });
});
