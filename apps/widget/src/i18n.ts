import { localeTexts, pickLocale, type Locale } from '@conversa/shared/locales';

const en = {
  open: 'Open chat',
  close: 'Close chat',
  /** Shown when the channel has no title of its own. */
  title: 'Chat with us',
  /** Shown when the channel has no welcome message of its own. */
  welcome: 'Hello! How can we help you?',
  intro: 'Hi! Tell us who you are and we will reply here.',
  name: 'Your name',
  contact: 'E-mail or phone (optional)',
  start: 'Start chat',
  starting: 'Starting…',
  placeholder: 'Write a message…',
  send: 'Send',
  attach: 'Attach a file',
  offline: 'Reconnecting…',
  sending: 'Sending…',
  failed: 'Not sent. Tap to retry.',
  tooLarge: 'The file is larger than 10 MB.',
  expired: 'Your chat session has ended. Please start again.',
  unavailable: 'The chat is not available right now.',
  tooMany: 'Too many messages. Wait a minute and try again.',
  invalidContact: 'Type a valid e-mail or phone number.',
  deleted: 'This message was deleted.',
  edited: 'edited',
  file: 'File',
};
export type Strings = typeof en;

const pt: Strings = {
  open: 'Abrir o chat',
  close: 'Fechar o chat',
  title: 'Fale conosco',
  welcome: 'Olá! Como podemos ajudar?',
  intro: 'Olá! Diga quem você é e responderemos por aqui.',
  name: 'Seu nome',
  contact: 'E-mail ou telefone (opcional)',
  start: 'Iniciar conversa',
  starting: 'Iniciando…',
  placeholder: 'Escreva uma mensagem…',
  send: 'Enviar',
  attach: 'Anexar um arquivo',
  offline: 'Reconectando…',
  sending: 'Enviando…',
  failed: 'Não enviada. Toque para tentar de novo.',
  tooLarge: 'O arquivo tem mais de 10 MB.',
  expired: 'Sua conversa foi encerrada. Comece de novo, por favor.',
  unavailable: 'O chat não está disponível agora.',
  tooMany: 'Muitas mensagens. Aguarde um minuto e tente de novo.',
  invalidContact: 'Digite um e-mail ou telefone válido.',
  deleted: 'Esta mensagem foi apagada.',
  edited: 'editada',
  file: 'Arquivo',
};

const es: Strings = {
  open: 'Abrir el chat',
  close: 'Cerrar el chat',
  title: 'Escríbanos',
  welcome: '¡Hola! ¿En qué podemos ayudarle?',
  intro: '¡Hola! Díganos quién es y le responderemos aquí.',
  name: 'Su nombre',
  contact: 'Correo o teléfono (opcional)',
  start: 'Iniciar chat',
  starting: 'Iniciando…',
  placeholder: 'Escriba un mensaje…',
  send: 'Enviar',
  attach: 'Adjuntar un archivo',
  offline: 'Reconectando…',
  sending: 'Enviando…',
  failed: 'No enviado. Toque para reintentar.',
  tooLarge: 'El archivo supera los 10 MB.',
  expired: 'Su conversación terminó. Empiece de nuevo, por favor.',
  unavailable: 'El chat no está disponible ahora.',
  tooMany: 'Demasiados mensajes. Espere un minuto e intente de nuevo.',
  invalidContact: 'Escriba un correo o teléfono válido.',
  deleted: 'Este mensaje fue eliminado.',
  edited: 'editado',
  file: 'Archivo',
};

const de: Strings = {
  open: 'Chat öffnen',
  close: 'Chat schließen',
  title: 'Schreiben Sie uns',
  welcome: 'Hallo! Wie können wir Ihnen helfen?',
  intro: 'Hallo! Sagen Sie uns, wer Sie sind, und wir antworten Ihnen hier.',
  name: 'Ihr Name',
  contact: 'E-Mail oder Telefon (optional)',
  start: 'Chat starten',
  starting: 'Wird gestartet…',
  placeholder: 'Nachricht schreiben…',
  send: 'Senden',
  attach: 'Datei anhängen',
  offline: 'Verbindung wird wiederhergestellt…',
  sending: 'Wird gesendet…',
  failed: 'Nicht gesendet. Tippen, um es erneut zu versuchen.',
  tooLarge: 'Die Datei ist größer als 10 MB.',
  expired: 'Ihre Chat-Sitzung ist beendet. Bitte beginnen Sie erneut.',
  unavailable: 'Der Chat ist gerade nicht verfügbar.',
  tooMany: 'Zu viele Nachrichten. Warten Sie eine Minute und versuchen Sie es erneut.',
  invalidContact: 'Geben Sie eine gültige E-Mail-Adresse oder Telefonnummer ein.',
  deleted: 'Diese Nachricht wurde gelöscht.',
  edited: 'bearbeitet',
  file: 'Datei',
};

const fr: Strings = {
  open: 'Ouvrir le chat',
  close: 'Fermer le chat',
  title: 'Discutons',
  welcome: 'Bonjour ! Comment pouvons-nous vous aider ?',
  intro: 'Bonjour ! Dites-nous qui vous êtes et nous vous répondrons ici.',
  name: 'Votre nom',
  contact: 'E-mail ou téléphone (facultatif)',
  start: 'Démarrer le chat',
  starting: 'Démarrage…',
  placeholder: 'Écrivez un message…',
  send: 'Envoyer',
  attach: 'Joindre un fichier',
  offline: 'Reconnexion…',
  sending: 'Envoi…',
  failed: 'Non envoyé. Touchez pour réessayer.',
  tooLarge: 'Le fichier dépasse 10 Mo.',
  expired: 'Votre conversation est terminée. Veuillez recommencer.',
  unavailable: "Le chat n'est pas disponible pour le moment.",
  tooMany: 'Trop de messages. Attendez une minute puis réessayez.',
  invalidContact: 'Saisissez un e-mail ou un numéro de téléphone valide.',
  deleted: 'Ce message a été supprimé.',
  edited: 'modifié',
  file: 'Fichier',
};

const it: Strings = {
  open: 'Apri la chat',
  close: 'Chiudi la chat',
  title: 'Scrivici',
  welcome: 'Ciao! Come possiamo aiutarti?',
  intro: 'Ciao! Dicci chi sei e ti risponderemo qui.',
  name: 'Il tuo nome',
  contact: 'E-mail o telefono (facoltativo)',
  start: 'Avvia la chat',
  starting: 'Avvio in corso…',
  placeholder: 'Scrivi un messaggio…',
  send: 'Invia',
  attach: 'Allega un file',
  offline: 'Riconnessione in corso…',
  sending: 'Invio in corso…',
  failed: 'Non inviato. Tocca per riprovare.',
  tooLarge: 'Il file supera i 10 MB.',
  expired: 'La conversazione è terminata. Ricomincia, per favore.',
  unavailable: 'La chat non è disponibile al momento.',
  tooMany: 'Troppi messaggi. Attendi un minuto e riprova.',
  invalidContact: 'Inserisci un indirizzo e-mail o un numero di telefono valido.',
  deleted: 'Questo messaggio è stato eliminato.',
  edited: 'modificato',
  file: 'File',
};

const pl: Strings = {
  open: 'Otwórz czat',
  close: 'Zamknij czat',
  title: 'Napisz do nas',
  welcome: 'Dzień dobry! W czym możemy pomóc?',
  intro: 'Dzień dobry! Przedstaw się, a odpowiemy tutaj.',
  name: 'Imię i nazwisko',
  contact: 'E-mail lub telefon (opcjonalnie)',
  start: 'Rozpocznij czat',
  starting: 'Uruchamianie…',
  placeholder: 'Napisz wiadomość…',
  send: 'Wyślij',
  attach: 'Załącz plik',
  offline: 'Ponowne łączenie…',
  sending: 'Wysyłanie…',
  failed: 'Nie wysłano. Dotknij, aby spróbować ponownie.',
  tooLarge: 'Plik jest większy niż 10 MB.',
  expired: 'Rozmowa została zakończona. Zacznij ją od nowa.',
  unavailable: 'Czat jest teraz niedostępny.',
  tooMany: 'Zbyt wiele wiadomości. Odczekaj minutę i spróbuj ponownie.',
  invalidContact: 'Wpisz poprawny adres e-mail lub numer telefonu.',
  deleted: 'Ta wiadomość została usunięta.',
  edited: 'edytowano',
  file: 'Plik',
};

const ru: Strings = {
  open: 'Открыть чат',
  close: 'Закрыть чат',
  title: 'Напишите нам',
  welcome: 'Здравствуйте! Чем мы можем помочь?',
  intro: 'Здравствуйте! Представьтесь, и мы ответим вам здесь.',
  name: 'Ваше имя',
  contact: 'E-mail или телефон (необязательно)',
  start: 'Начать чат',
  starting: 'Запуск…',
  placeholder: 'Напишите сообщение…',
  send: 'Отправить',
  attach: 'Прикрепить файл',
  offline: 'Переподключение…',
  sending: 'Отправка…',
  failed: 'Не отправлено. Нажмите, чтобы повторить.',
  tooLarge: 'Файл больше 10 МБ.',
  expired: 'Ваш чат завершён. Начните, пожалуйста, заново.',
  unavailable: 'Чат сейчас недоступен.',
  tooMany: 'Слишком много сообщений. Подождите минуту и попробуйте снова.',
  invalidContact: 'Введите корректный e-mail или номер телефона.',
  deleted: 'Это сообщение удалено.',
  edited: 'изменено',
  file: 'Файл',
};

/**
 * The widget's texts in the 12 locales of SPEC §1. A regional locale holds only what differs from
 * its base language (pt is already Brazilian Portuguese; English needs no US/UK difference here).
 */
export const WIDGET_STRINGS: Record<Locale, Partial<Strings>> = {
  pt,
  'pt-br': {},
  en,
  'en-us': {},
  'en-gb': {},
  es,
  'es-419': { contact: 'Correo o celular (opcional)', invalidContact: 'Escriba un correo o celular válido.' },
  de,
  fr,
  it,
  pl,
  ru,
};

/**
 * The visitor's language: the script tag's data-lang (the site's choice), else the browser's
 * languages, else the page's lang, else Portuguese (SPEC §1 default).
 */
export function widgetLocale(sources: { dataLang?: string | null; browser?: readonly string[]; page?: string | null }): Locale {
  return pickLocale([sources.dataLang, ...(sources.browser ?? []), sources.page]);
}

/** The texts of a locale: its own, then its base language's. */
export function strings(locale: Locale): Strings {
  return localeTexts(WIDGET_STRINGS, locale, en);
}
