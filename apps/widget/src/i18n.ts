const en = {
  open: 'Open chat',
  close: 'Close chat',
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
type Strings = typeof en;

const pt: Strings = {
  open: 'Abrir o chat',
  close: 'Fechar o chat',
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

/** The visitor's language (browser setting): Portuguese, Spanish, else English. */
export function strings(language: string = navigator.language || 'en'): Strings {
  const lang = language.toLowerCase();
  if (lang.startsWith('pt')) return pt;
  if (lang.startsWith('es')) return es;
  return en;
}
export type { Strings };
