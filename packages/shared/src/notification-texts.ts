import type { Locale } from './enums.js';
import type { NotificationContent } from './forms/notifications.js';

/**
 * The words of what the platform tells a user by itself — a notification of a kind (the bell, and
 * GET /notifications' `message`) and a web push (a transfer, a mention) — in each of the product's
 * 8 languages. One table for the web app (which words a notification's kind in the reader's
 * language) and the server (which words `message` in the caller's Accept-Language, and a push in
 * its subscription's language), so both say the same. Without zod: the header's bell reads it.
 */

/** The product's languages: the base language of every locale (pt-br → pt, es-419 → es, en-gb → en). */
export const LANGUAGES = ['pt', 'en', 'es', 'de', 'fr', 'it', 'pl', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** SPEC §1: Portuguese. */
export const DEFAULT_LANGUAGE: Language = 'pt';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).indexOf(value) >= 0;
}

/** The language of a locale: its base ('pt-br' → 'pt'); every locale's base is one of LANGUAGES. */
export function languageOf(locale: Locale): Language {
  const base = locale.split('-')[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}

export interface NotificationTexts {
  /** notifications of kind task.reminder */
  taskReminder: (task: string) => string;
  /** notifications of kind note.mention */
  noteMention: (author: string, excerpt: string) => string;
  /** Who mentioned, when that user has since been removed. */
  someone: string;
  /** A push: a ticket transferred to the user (the same words as the app's toast, tickets.transferredToYou). */
  transferTitle: string;
  transferBody: (ticketId: number, contactName: string) => string;
  /** A push: the user was @mentioned in an internal note (its body is the note's start). */
  mentionTitle: (author: string) => string;
}

export const NOTIFICATION_TEXTS: Record<Language, NotificationTexts> = {
  pt: {
    taskReminder: (task) => `Lembrete: a tarefa "${task}" chegou à data limite.`,
    noteMention: (author, excerpt) => `${author} mencionou você em uma nota interna: “${excerpt}”`,
    someone: 'Um colega',
    transferTitle: 'Ticket transferido para você',
    transferBody: (id, name) => `Ticket #${id} de ${name} foi transferido para você.`,
    mentionTitle: (author) => `${author} mencionou você`,
  },
  en: {
    taskReminder: (task) => `Reminder: the task "${task}" has reached its due date.`,
    noteMention: (author, excerpt) => `${author} mentioned you in an internal note: “${excerpt}”`,
    someone: 'A colleague',
    transferTitle: 'Ticket transferred to you',
    transferBody: (id, name) => `Ticket #${id} from ${name} was transferred to you.`,
    mentionTitle: (author) => `${author} mentioned you`,
  },
  es: {
    taskReminder: (task) => `Recordatorio: la tarea "${task}" llegó a su fecha límite.`,
    noteMention: (author, excerpt) => `${author} te mencionó en una nota interna: “${excerpt}”`,
    someone: 'Un colega',
    transferTitle: 'Ticket transferido a ti',
    transferBody: (id, name) => `El ticket #${id} de ${name} fue transferido a ti.`,
    mentionTitle: (author) => `${author} te mencionó`,
  },
  de: {
    taskReminder: (task) => `Erinnerung: Die Aufgabe „${task}“ hat ihr Fälligkeitsdatum erreicht.`,
    noteMention: (author, excerpt) => `${author} hat Sie in einer internen Notiz erwähnt: „${excerpt}“`,
    someone: 'Jemand aus dem Team',
    transferTitle: 'Ticket an Sie übertragen',
    transferBody: (id, name) => `Ticket #${id} von ${name} wurde an Sie übertragen.`,
    mentionTitle: (author) => `${author} hat Sie erwähnt`,
  },
  fr: {
    taskReminder: (task) => `Rappel : la tâche « ${task} » a atteint sa date limite.`,
    noteMention: (author, excerpt) => `${author} vous a mentionné dans une note interne : « ${excerpt} »`,
    someone: 'Un collègue',
    transferTitle: 'Ticket transféré vers vous',
    transferBody: (id, name) => `Le ticket #${id} de ${name} vous a été transféré.`,
    mentionTitle: (author) => `${author} vous a mentionné`,
  },
  it: {
    taskReminder: (task) => `Promemoria: l’attività “${task}” ha raggiunto la data di scadenza.`,
    noteMention: (author, excerpt) => `${author} ti ha menzionato in una nota interna: “${excerpt}”`,
    someone: 'Un collega',
    transferTitle: 'Ticket trasferito a te',
    transferBody: (id, name) => `Il ticket #${id} di ${name} è stato trasferito a te.`,
    mentionTitle: (author) => `${author} ti ha menzionato`,
  },
  pl: {
    taskReminder: (task) => `Przypomnienie: zadanie „${task}” osiągnęło termin.`,
    noteMention: (author, excerpt) => `${author} wspomniał(a) o Tobie w notatce wewnętrznej: „${excerpt}”`,
    someone: 'Współpracownik',
    transferTitle: 'Zgłoszenie przekazane Tobie',
    transferBody: (id, name) => `Zgłoszenie #${id} od ${name} zostało przekazane Tobie.`,
    mentionTitle: (author) => `${author} wspomniał(a) o Tobie`,
  },
  ru: {
    taskReminder: (task) => `Напоминание: у задачи «${task}» наступил срок.`,
    noteMention: (author, excerpt) => `${author} упомянул(а) вас во внутренней заметке: «${excerpt}»`,
    someone: 'Коллега',
    transferTitle: 'Обращение передано вам',
    transferBody: (id, name) => `Обращение #${id} от ${name} передано вам.`,
    mentionTitle: (author) => `${author} упомянул(а) вас`,
  },
};

/**
 * A notification's text in a language: a kind's words with its params; a text (a broadcast, a row
 * older than kinds) as it was written.
 */
export function notificationMessage(
  language: Language,
  notification: { message: string | null; content: NotificationContent | null },
): string {
  const texts = NOTIFICATION_TEXTS[language];
  const content = notification.content;
  switch (content?.kind) {
    case 'task.reminder':
      return texts.taskReminder(content.params.task);
    case 'note.mention':
      return texts.noteMention(content.params.author ?? texts.someone, content.params.excerpt);
    default:
      return notification.message ?? '';
  }
}
