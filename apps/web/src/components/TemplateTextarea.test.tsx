import { BIRTHDAY_TEMPLATE_VARIABLES } from '@conversa/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { TemplateTextarea } from './TemplateTextarea';

function Harness({
  initial = '',
  allowed,
  error,
  webhook,
}: {
  initial?: string;
  allowed?: readonly string[];
  error?: string;
  webhook?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TemplateTextarea label="Mensagem" value={value} onChange={setValue} allowed={allowed} error={error} webhook={webhook} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const errorText = () =>
  screen.getByTestId('template-textarea').closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-error')
    ?.textContent ?? null;

describe('TemplateTextarea', () => {
  it('shows an unknown variable as an error while typing, and none for known ones', async () => {
    const { user } = renderWithApp(<Harness />);
    const input = screen.getByTestId('template-textarea');
    await user.type(input, 'Olá {{{{name}}');
    expect(errorText()).toBeNull();
    await user.type(input, ' {{{{nome}}');
    expect(errorText()).toBe('Variável desconhecida: {{nome}}. Use as variáveis da lista.');
    await user.clear(input);
    expect(errorText()).toBeNull();
  });

  it('inserts the picked variable at the caret', async () => {
    const { user } = renderWithApp(<Harness initial="Olá , tudo bem?" />);
    const input = screen.getByTestId<HTMLTextAreaElement>('template-textarea');
    input.setSelectionRange(4, 4);
    await user.click(screen.getByTestId('template-textarea-variables'));
    expect(await screen.findByText('Primeiro nome do contato')).toBeInTheDocument();
    await user.click(screen.getByTestId('template-textarea-variables-firstName'));
    expect(screen.getByTestId('value')).toHaveTextContent('Olá {{firstName}}, tudo bem?');
  });

  it('offers and accepts only the allowed variables (birthdays have no agent or protocol)', async () => {
    const { user } = renderWithApp(<Harness initial="{{user}}" allowed={BIRTHDAY_TEMPLATE_VARIABLES} />);
    expect(errorText()).toBe('Variável desconhecida: {{user}}. Use as variáveis da lista.');
    await user.click(screen.getByTestId('template-textarea-variables'));
    expect(await screen.findByTestId('template-textarea-variables-name')).toBeInTheDocument();
    expect(screen.queryByTestId('template-textarea-variables-user')).toBeNull();
  });

  it('accepts and offers {{webhook.path}} only for chatbot messages (the webhook option)', async () => {
    const { user, unmount } = renderWithApp(<Harness initial="{{webhook.data.0.id}} {{webhook}}" />);
    expect(errorText()).toBe('Variável desconhecida: {{webhook.data.0.id}}, {{webhook}}. Use as variáveis da lista.');
    await user.click(screen.getByTestId('template-textarea-variables'));
    expect(await screen.findByTestId('template-textarea-variables-name')).toBeInTheDocument();
    expect(screen.queryByTestId('template-textarea-variables-webhook')).toBeNull();
    unmount();

    const bot = renderWithApp(<Harness initial="{{webhook.data.0.id}} {{webhook}} {{nome}}" webhook />);
    expect(errorText()).toBe('Variável desconhecida: {{nome}}. Use as variáveis da lista.');
    await bot.user.click(screen.getByTestId('template-textarea-variables'));
    expect(await screen.findByText('{{webhook.path}}')).toBeInTheDocument();
  });

  it("shows the form's own error instead of the live one", () => {
    renderWithApp(<Harness initial="{{x}}" error="Há variáveis desconhecidas no texto." />);
    expect(errorText()).toBe('Há variáveis desconhecidas no texto.');
  });
});
