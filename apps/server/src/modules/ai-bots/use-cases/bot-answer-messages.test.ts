import { describe, expect, it } from 'vitest';
import { botAnswerMessages, numberedChoices } from './bot-answer-messages.js';

const choices = (options: string[], asButtons = true, title = 'Escolha:') => ({ title, options, asButtons });

describe("a bot's answer as messages", () => {
  it('is its text alone without choices, and nothing when empty', () => {
    expect(botAnswerMessages('Oi', undefined, true)).toEqual([{ body: 'Oi', rich: null }]);
    expect(botAnswerMessages('', undefined, true)).toEqual([]);
  });

  it('numbers the choices where the channel has no buttons, or the bot does not want them', () => {
    expect(botAnswerMessages('Oi', choices(['A', 'B']), false)).toEqual([{ body: 'Oi\n\n1 - A\n2 - B', rich: null }]);
    expect(botAnswerMessages('Oi', choices(['A', 'B'], false), true)).toEqual([{ body: 'Oi\n\n1 - A\n2 - B', rich: null }]);
    expect(numberedChoices('', choices(['A']))).toBe('Escolha:\n\n1 - A');
  });

  it('sends up to three short options as reply buttons, more as a list', () => {
    const [buttons] = botAnswerMessages('Oi', choices(['A', 'B', 'C']), true);
    expect(buttons.rich).toMatchObject({
      type: 'button',
      text: 'Oi',
      buttons: [
        { id: '1', title: 'A' },
        { id: '2', title: 'B' },
        { id: '3', title: 'C' },
      ],
    });
    const [list] = botAnswerMessages('Oi', choices(['A', 'B', 'C', 'D']), true);
    expect(list.rich).toMatchObject({
      type: 'list',
      text: 'Oi',
      button: 'Opções',
      sections: [{ rows: [{ id: '1', title: 'A' }, { id: '2' }, { id: '3' }, { id: '4', title: 'D' }] }],
    });
    const [long] = botAnswerMessages('Oi', choices(['Falar com o financeiro', 'B']), true);
    expect(long.rich).toMatchObject({ type: 'list' });
  });

  it('sends a text longer than an interactive message first, the title heading the buttons; numbered when nothing can head them', () => {
    const text = 'x'.repeat(80);
    expect(botAnswerMessages(text, choices(['A', 'B']), true)).toEqual([
      { body: text, rich: null },
      expect.objectContaining({ rich: expect.objectContaining({ type: 'button', text: 'Escolha:' }) }),
    ]);
    expect(botAnswerMessages(text, choices(['A', 'B'], true, ''), true)).toEqual([{ body: `${text}\n\n1 - A\n2 - B`, rich: null }]);
    expect(botAnswerMessages('Oi', choices(Array.from({ length: 11 }, (_, i) => `Op ${i}`)), true)[0].rich).toBeNull();
  });
});
