/**
 * The demo phone page (/demo/whatsapp): the newcomer plays a WhatsApp customer of the demo channel.
 * Static HTML, one script and one stylesheet served by the demo routes (no inline code: the CSP
 * allows only 'self'); every text shown is set with textContent, never parsed as HTML.
 */
export const DEMO_PHONE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const DEMO_PHONE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conversa — demo WhatsApp phone</title>
<link rel="stylesheet" href="/demo/whatsapp/phone.css">
<script src="/demo/whatsapp/phone.js" defer></script>
</head>
<body>
<main>
  <h1>Demo WhatsApp phone</h1>
  <p class="hint">You are a customer writing to the channel “WhatsApp (demo simulator)”. Your messages go through the local
  Meta Cloud API simulator as signed webhooks and open a ticket in the inbox; the agents' replies appear here.</p>
  <form id="who">
    <label>Your number (country code + number, digits only) <input id="number" required pattern="[0-9]{10,15}" value="5511999990000"></label>
    <label>Your name <input id="name" required maxlength="60" value="Demo customer"></label>
  </form>
  <ol id="log" aria-live="polite"></ol>
  <form id="compose">
    <input id="text" required maxlength="4096" autocomplete="off" placeholder="Type a message">
    <button type="submit">Send</button>
  </form>
  <p id="status" class="hint"></p>
</main>
</body>
</html>
`;

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
    if (!text.trim() || !/^[0-9]{10,15}$/.test(number())) { status.textContent = 'Enter a number (10 to 15 digits) and a message.'; return; }
    fetch('/demo/whatsapp/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: number(), name: nameInput.value.trim() || 'Demo customer', text: text }),
    }).then(function (res) {
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json();
    }).then(function (body) {
      add('me', text);
      textInput.value = '';
      status.textContent = body.accepted ? '' : 'The server did not accept the webhook.';
    }).catch(function (error) { status.textContent = 'Not sent: ' + error.message; });
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
