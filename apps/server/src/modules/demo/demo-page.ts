import { localeTexts, type Locale } from '@conversa/shared';
import { escapeHtml } from '../../platform/http/page-locale.js';

/**
 * The demo phone page (/demo/whatsapp): the newcomer plays a WhatsApp customer of the demo channel.
 * HTML in the visitor's language, one script and one stylesheet served by the demo routes (no
 * inline code: the CSP allows only 'self'); every text shown is set with textContent, never parsed
 * as HTML.
 */
export const DEMO_PHONE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const en = {
  title: 'Conversa — demo WhatsApp phone',
  heading: 'Demo WhatsApp phone',
  /** {{channel}}: the demo channel's name. */
  hint: "You are a customer writing to the channel “{{channel}}”. Your messages go through the local Meta Cloud API simulator as signed webhooks and open a ticket in the inbox; the agents' replies appear here.",
  number: 'Your number (country code + number, digits only)',
  name: 'Your name',
  defaultName: 'Demo customer',
  message: 'Type a message',
  send: 'Send',
  needNumber: 'Enter a number (10 to 15 digits) and a message.',
  refused: 'The server did not accept the webhook.',
  notSent: 'Not sent:',
};
export type DemoPhoneTexts = typeof en;

/** The page's texts in the 12 locales of SPEC §1; a regional locale holds only what differs. */
export const DEMO_PHONE_TEXTS: Record<Locale, Partial<DemoPhoneTexts>> = {
  pt: {
    title: 'Conversa — celular de demonstração do WhatsApp',
    heading: 'Celular de demonstração do WhatsApp',
    hint: 'Você é um cliente escrevendo para o canal “{{channel}}”. Suas mensagens passam pelo simulador local da Meta Cloud API como webhooks assinados e abrem um atendimento na caixa de entrada; as respostas dos atendentes aparecem aqui.',
    number: 'Seu número (código do país + número, só dígitos)',
    name: 'Seu nome',
    defaultName: 'Cliente de demonstração',
    message: 'Digite uma mensagem',
    send: 'Enviar',
    needNumber: 'Informe um número (de 10 a 15 dígitos) e uma mensagem.',
    refused: 'O servidor não aceitou o webhook.',
    notSent: 'Não enviada:',
  },
  'pt-br': {},
  en,
  'en-us': {},
  'en-gb': {},
  es: {
    title: 'Conversa — teléfono de demostración de WhatsApp',
    heading: 'Teléfono de demostración de WhatsApp',
    hint: 'Usted es un cliente que escribe al canal “{{channel}}”. Sus mensajes pasan por el simulador local de la Meta Cloud API como webhooks firmados y abren una conversación en la bandeja de entrada; las respuestas de los agentes aparecen aquí.',
    number: 'Su número (código de país + número, solo dígitos)',
    name: 'Su nombre',
    defaultName: 'Cliente de demostración',
    message: 'Escriba un mensaje',
    send: 'Enviar',
    needNumber: 'Introduzca un número (de 10 a 15 dígitos) y un mensaje.',
    refused: 'El servidor no aceptó el webhook.',
    notSent: 'No enviado:',
  },
  'es-419': {
    title: 'Conversa — celular de demostración de WhatsApp',
    heading: 'Celular de demostración de WhatsApp',
    needNumber: 'Ingrese un número (de 10 a 15 dígitos) y un mensaje.',
  },
  de: {
    title: 'Conversa — WhatsApp-Demo-Telefon',
    heading: 'WhatsApp-Demo-Telefon',
    hint: 'Sie sind ein Kunde, der an den Kanal „{{channel}}“ schreibt. Ihre Nachrichten laufen als signierte Webhooks über den lokalen Meta-Cloud-API-Simulator und eröffnen ein Ticket im Posteingang; die Antworten der Agenten erscheinen hier.',
    number: 'Ihre Nummer (Ländervorwahl + Nummer, nur Ziffern)',
    name: 'Ihr Name',
    defaultName: 'Demo-Kunde',
    message: 'Nachricht eingeben',
    send: 'Senden',
    needNumber: 'Geben Sie eine Nummer (10 bis 15 Ziffern) und eine Nachricht ein.',
    refused: 'Der Server hat den Webhook nicht angenommen.',
    notSent: 'Nicht gesendet:',
  },
  fr: {
    title: 'Conversa — téléphone WhatsApp de démonstration',
    heading: 'Téléphone WhatsApp de démonstration',
    hint: "Vous êtes un client qui écrit au canal « {{channel}} ». Vos messages passent par le simulateur local de la Meta Cloud API sous forme de webhooks signés et ouvrent un ticket dans la boîte de réception ; les réponses des agents s'affichent ici.",
    number: 'Votre numéro (indicatif du pays + numéro, chiffres uniquement)',
    name: 'Votre nom',
    defaultName: 'Client de démonstration',
    message: 'Saisissez un message',
    send: 'Envoyer',
    needNumber: 'Saisissez un numéro (10 à 15 chiffres) et un message.',
    refused: "Le serveur n'a pas accepté le webhook.",
    notSent: 'Non envoyé :',
  },
  it: {
    title: 'Conversa — telefono WhatsApp dimostrativo',
    heading: 'Telefono WhatsApp dimostrativo',
    hint: 'Sei un cliente che scrive al canale “{{channel}}”. I tuoi messaggi passano dal simulatore locale della Meta Cloud API come webhook firmati e aprono un ticket nella casella di posta; le risposte degli operatori compaiono qui.',
    number: 'Il tuo numero (prefisso internazionale + numero, solo cifre)',
    name: 'Il tuo nome',
    defaultName: 'Cliente demo',
    message: 'Scrivi un messaggio',
    send: 'Invia',
    needNumber: 'Inserisci un numero (da 10 a 15 cifre) e un messaggio.',
    refused: 'Il server non ha accettato il webhook.',
    notSent: 'Non inviato:',
  },
  pl: {
    title: 'Conversa — demonstracyjny telefon WhatsApp',
    heading: 'Demonstracyjny telefon WhatsApp',
    hint: 'Jesteś klientem, który pisze do kanału „{{channel}}”. Twoje wiadomości przechodzą przez lokalny symulator Meta Cloud API jako podpisane webhooki i otwierają zgłoszenie w skrzynce odbiorczej; odpowiedzi konsultantów pojawiają się tutaj.',
    number: 'Twój numer (kierunkowy kraju + numer, same cyfry)',
    name: 'Imię i nazwisko',
    defaultName: 'Klient demonstracyjny',
    message: 'Napisz wiadomość',
    send: 'Wyślij',
    needNumber: 'Podaj numer (od 10 do 15 cyfr) i wiadomość.',
    refused: 'Serwer nie przyjął webhooka.',
    notSent: 'Nie wysłano:',
  },
  ru: {
    title: 'Conversa — демонстрационный телефон WhatsApp',
    heading: 'Демонстрационный телефон WhatsApp',
    hint: 'Вы — клиент, который пишет в канал «{{channel}}». Ваши сообщения проходят через локальный симулятор Meta Cloud API в виде подписанных вебхуков и открывают обращение во входящих; ответы операторов появляются здесь.',
    number: 'Ваш номер (код страны + номер, только цифры)',
    name: 'Ваше имя',
    defaultName: 'Демо-клиент',
    message: 'Введите сообщение',
    send: 'Отправить',
    needNumber: 'Введите номер (от 10 до 15 цифр) и сообщение.',
    refused: 'Сервер не принял вебхук.',
    notSent: 'Не отправлено:',
  },
};

/**
 * The page in the visitor's language. The texts the script shows (errors) travel in data
 * attributes of #status, and the default name in #name's, since the CSP allows no inline script.
 */
export function renderDemoPhonePage(locale: Locale, channelName: string): string {
  const t = localeTexts(DEMO_PHONE_TEXTS, locale, en);
  const x = (text: string) => escapeHtml(text);
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${x(t.title)}</title>
<link rel="stylesheet" href="/demo/whatsapp/phone.css">
<script src="/demo/whatsapp/phone.js" defer></script>
</head>
<body>
<main>
  <h1>${x(t.heading)}</h1>
  <p class="hint">${x(t.hint).replace('{{channel}}', () => x(channelName))}</p>
  <form id="who">
    <label>${x(t.number)} <input id="number" required pattern="[0-9]{10,15}" value="5511999990000"></label>
    <label>${x(t.name)} <input id="name" required maxlength="60" value="${x(t.defaultName)}" data-default="${x(t.defaultName)}"></label>
  </form>
  <ol id="log" aria-live="polite"></ol>
  <form id="compose">
    <input id="text" required maxlength="4096" autocomplete="off" placeholder="${x(t.message)}" aria-label="${x(t.message)}">
    <button type="submit">${x(t.send)}</button>
  </form>
  <p id="status" class="hint" data-need-number="${x(t.needNumber)}" data-refused="${x(t.refused)}" data-not-sent="${x(t.notSent)}"></p>
</main>
</body>
</html>
`;
}

export const DEMO_PHONE_CSS = `body{font-family:system-ui,sans-serif;background:#ece5dd;margin:0}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:1.2rem}.hint{color:#555;font-size:.85rem}
label{display:block;margin:6px 0;font-size:.85rem}input{font:inherit;padding:6px;width:100%;box-sizing:border-box}
#log{list-style:none;padding:8px;background:#fff8;min-height:240px;border-radius:8px}
#log li{margin:6px 0;padding:6px 10px;border-radius:8px;max-width:80%;white-space:pre-wrap;word-wrap:break-word}
#log li.me{background:#dcf8c6;margin-left:auto}#log li.them{background:#fff}
#compose{display:flex;gap:6px}#compose input{flex:1}button{font:inherit;padding:6px 12px}
`;

export const DEMO_PHONE_JS = `'use strict';
(function () {
  var log = document.getElementById('log');
  var status = document.getElementById('status');
  var numberInput = document.getElementById('number');
  var nameInput = document.getElementById('name');
  var textInput = document.getElementById('text');
  var seen = 0;
  var polledNumber = '';
  function add(kind, text) {
    var li = document.createElement('li');
    li.className = kind;
    li.textContent = text;
    log.appendChild(li);
    li.scrollIntoView({ block: 'end' });
  }
  function number() { return numberInput.value.replace(/\\D/g, ''); }
  document.getElementById('compose').addEventListener('submit', function (event) {
    event.preventDefault();
    var text = textInput.value;
    if (!text.trim() || !/^[0-9]{10,15}$/.test(number())) { status.textContent = status.dataset.needNumber; return; }
    fetch('/demo/whatsapp/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: number(), name: nameInput.value.trim() || nameInput.dataset.default, text: text }),
    }).then(function (res) {
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json();
    }).then(function (body) {
      add('me', text);
      textInput.value = '';
      status.textContent = body.accepted ? '' : status.dataset.refused;
    }).catch(function (error) { status.textContent = status.dataset.notSent + ' ' + error.message; });
  });
  function poll() {
    var n = number();
    if (n !== polledNumber) { polledNumber = n; seen = 0; }
    if (!/^[0-9]{10,15}$/.test(n)) { setTimeout(poll, 1500); return; }
    fetch('/demo/whatsapp/replies?number=' + encodeURIComponent(n) + '&after=' + seen)
      .then(function (res) { return res.ok ? res.json() : { replies: [], next: seen }; })
      .then(function (body) {
        if (n !== polledNumber) return;
        body.replies.forEach(function (r) { add('them', r.text); });
        seen = body.next;
      })
      .catch(function () {})
      .then(function () { setTimeout(poll, 1500); });
  }
  poll();
})();
`;
