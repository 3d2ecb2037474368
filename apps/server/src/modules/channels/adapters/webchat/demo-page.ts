import { localeTexts, type Locale } from '@conversa/shared';
import { escapeHtml } from '../../../../platform/http/page-locale.js';

/** Only the page's own scripts, styles inline (the widget's shadow root), sockets to this server. */
export const DEMO_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const en = {
  title: 'Conversa web-chat demo',
  /** {{channel}}: the channel's widget title, in bold. */
  hint: "The chat button in the corner opens the widget of the channel {{channel}}. Write as a customer here, and answer as an agent in Conversa's inbox in another tab.",
  hintUntitled:
    "The chat button in the corner opens this channel's widget. Write as a customer here, and answer as an agent in Conversa's inbox in another tab.",
  missing: 'This channel does not exist, is not a web-chat channel, or is not connected: the widget will not open.',
  product: 'Acme Espresso Machine',
  price: '$249.00',
  description: '15-bar pump, steam wand and a 1.5 l water tank. Questions about delivery or warranty? Ask us in the chat.',
  addToCart: 'Add to cart',
};
export type DemoPageTexts = typeof en;

/** The page's texts in the 12 locales of SPEC §1; a regional locale holds only what differs. */
export const DEMO_PAGE_TEXTS: Record<Locale, Partial<DemoPageTexts>> = {
  pt: {
    title: 'Demonstração do chat do site do Conversa',
    hint: 'O botão de chat no canto abre o widget do canal {{channel}}. Escreva aqui como cliente e responda como atendente na caixa de entrada do Conversa, em outra aba.',
    hintUntitled:
      'O botão de chat no canto abre o widget deste canal. Escreva aqui como cliente e responda como atendente na caixa de entrada do Conversa, em outra aba.',
    missing: 'Este canal não existe, não é um canal de chat do site ou não está conectado: o widget não vai abrir.',
    product: 'Máquina de Espresso Acme',
    price: 'R$ 1.299,00',
    description:
      'Bomba de 15 bar, bico vaporizador e reservatório de água de 1,5 l. Dúvidas sobre entrega ou garantia? Pergunte pelo chat.',
    addToCart: 'Adicionar ao carrinho',
  },
  'pt-br': {},
  en,
  'en-us': {},
  'en-gb': { price: '£219.00' },
  es: {
    title: 'Demostración del chat web de Conversa',
    hint: 'El botón de chat de la esquina abre el widget del canal {{channel}}. Escriba aquí como cliente y responda como agente en la bandeja de entrada de Conversa, en otra pestaña.',
    hintUntitled:
      'El botón de chat de la esquina abre el widget de este canal. Escriba aquí como cliente y responda como agente en la bandeja de entrada de Conversa, en otra pestaña.',
    missing: 'Este canal no existe, no es un canal de chat web o no está conectado: el widget no se abrirá.',
    product: 'Cafetera espresso Acme',
    price: '249,00 €',
    description:
      'Bomba de 15 bares, vaporizador y depósito de agua de 1,5 l. ¿Dudas sobre el envío o la garantía? Pregúntenos por el chat.',
    addToCart: 'Añadir al carrito',
  },
  'es-419': { price: 'US$ 249.00', addToCart: 'Agregar al carrito' },
  de: {
    title: 'Conversa Web-Chat-Demo',
    hint: 'Die Chat-Schaltfläche in der Ecke öffnet das Widget des Kanals {{channel}}. Schreiben Sie hier als Kunde und antworten Sie in einem anderen Tab als Agent im Posteingang von Conversa.',
    hintUntitled:
      'Die Chat-Schaltfläche in der Ecke öffnet das Widget dieses Kanals. Schreiben Sie hier als Kunde und antworten Sie in einem anderen Tab als Agent im Posteingang von Conversa.',
    missing: 'Dieser Kanal existiert nicht, ist kein Web-Chat-Kanal oder ist nicht verbunden: Das Widget wird nicht geöffnet.',
    product: 'Acme Espressomaschine',
    price: '249,00 €',
    description: '15-bar-Pumpe, Dampflanze und 1,5-l-Wassertank. Fragen zu Lieferung oder Garantie? Fragen Sie uns im Chat.',
    addToCart: 'In den Warenkorb',
  },
  fr: {
    title: 'Démo du chat web de Conversa',
    hint: "Le bouton de chat dans le coin ouvre le widget du canal {{channel}}. Écrivez ici en tant que client et répondez en tant qu'agent dans la boîte de réception de Conversa, dans un autre onglet.",
    hintUntitled:
      "Le bouton de chat dans le coin ouvre le widget de ce canal. Écrivez ici en tant que client et répondez en tant qu'agent dans la boîte de réception de Conversa, dans un autre onglet.",
    missing: "Ce canal n'existe pas, n'est pas un canal de chat web ou n'est pas connecté : le widget ne s'ouvrira pas.",
    product: 'Machine à expresso Acme',
    price: '249,00 €',
    description:
      "Pompe 15 bars, buse vapeur et réservoir d'eau de 1,5 l. Une question sur la livraison ou la garantie ? Posez-la-nous dans le chat.",
    addToCart: 'Ajouter au panier',
  },
  it: {
    title: 'Demo della chat web di Conversa',
    hint: "Il pulsante della chat nell'angolo apre il widget del canale {{channel}}. Scrivi qui come cliente e rispondi come operatore nella casella di Conversa, in un'altra scheda.",
    hintUntitled:
      "Il pulsante della chat nell'angolo apre il widget di questo canale. Scrivi qui come cliente e rispondi come operatore nella casella di Conversa, in un'altra scheda.",
    missing: 'Questo canale non esiste, non è un canale di chat web o non è connesso: il widget non si aprirà.',
    product: 'Macchina per espresso Acme',
    price: '249,00 €',
    description: "Pompa da 15 bar, lancia vapore e serbatoio dell'acqua da 1,5 l. Domande su consegna o garanzia? Chiedici in chat.",
    addToCart: 'Aggiungi al carrello',
  },
  pl: {
    title: 'Demo czatu internetowego Conversa',
    hint: 'Przycisk czatu w rogu otwiera widżet kanału {{channel}}. Pisz tutaj jako klient, a odpowiadaj jako konsultant w skrzynce odbiorczej Conversa w innej karcie.',
    hintUntitled:
      'Przycisk czatu w rogu otwiera widżet tego kanału. Pisz tutaj jako klient, a odpowiadaj jako konsultant w skrzynce odbiorczej Conversa w innej karcie.',
    missing: 'Ten kanał nie istnieje, nie jest kanałem czatu internetowego lub nie jest połączony: widżet się nie otworzy.',
    product: 'Ekspres do kawy Acme',
    price: '1049,00 zł',
    description: 'Pompa 15 bar, dysza parowa i zbiornik na wodę 1,5 l. Pytania o dostawę lub gwarancję? Zapytaj nas na czacie.',
    addToCart: 'Dodaj do koszyka',
  },
  ru: {
    title: 'Демо веб-чата Conversa',
    hint: 'Кнопка чата в углу открывает виджет канала {{channel}}. Пишите здесь как клиент и отвечайте как оператор во входящих Conversa в другой вкладке.',
    hintUntitled:
      'Кнопка чата в углу открывает виджет этого канала. Пишите здесь как клиент и отвечайте как оператор во входящих Conversa в другой вкладке.',
    missing: 'Этот канал не существует, не является каналом веб-чата или не подключён: виджет не откроется.',
    product: 'Эспрессо-машина Acme',
    price: '24 990 ₽',
    description: 'Помпа на 15 бар, паровая трубка и резервуар для воды на 1,5 л. Вопросы о доставке или гарантии? Спросите нас в чате.',
    addToCart: 'В корзину',
  },
};

/**
 * A plain product page that embeds the web-chat widget of one channel, so that a newcomer can play
 * the customer in one tab and the agent in another; in the visitor's language, which the widget
 * also speaks (data-lang).
 */
export function renderDemoPage(publicKey: string, channel: { title?: string } | undefined, locale: Locale): string {
  const t = localeTexts(DEMO_PAGE_TEXTS, locale, en);
  const key = escapeHtml(publicKey);
  const title = channel?.title;
  const notice = !channel
    ? `<p class="hint warn">${escapeHtml(t.missing)}</p>`
    : title
      ? `<p class="hint">${escapeHtml(t.hint).replace('{{channel}}', () => `<strong>${escapeHtml(title)}</strong>`)}</p>`
      : `<p class="hint">${escapeHtml(t.hintUntitled)}</p>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; background: #f7f7f8; }
  header { background: #1f2933; color: #fff; padding: 16px 32px; display: flex; justify-content: space-between; align-items: center; }
  header h1 { font-size: 20px; margin: 0; }
  main { max-width: 920px; margin: 32px auto; padding: 0 24px; }
  .product { display: grid; grid-template-columns: 1fr 1fr; gap: 32px; background: #fff; border-radius: 12px; padding: 32px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .photo { background: linear-gradient(135deg, #a5d8ff, #d0bfff); border-radius: 12px; min-height: 260px; display: flex; align-items: center; justify-content: center; font-size: 64px; }
  .price { font-size: 28px; font-weight: 700; margin: 8px 0 16px; }
  button.buy { background: #2f9e44; color: #fff; border: 0; border-radius: 8px; padding: 12px 24px; font-size: 16px; cursor: pointer; }
  .hint { background: #e7f5ff; border: 1px solid #a5d8ff; border-radius: 8px; padding: 12px 16px; margin-bottom: 24px; }
  .warn { background: #fff4e6; border-color: #ffd8a8; }
  @media (max-width: 640px) { .product { grid-template-columns: 1fr; } }
</style>
</head>
<body>
<header><h1>${escapeHtml(t.title)}</h1><span>Acme Coffee Co.</span></header>
<main>
  ${notice}
  <section class="product">
    <div class="photo" aria-hidden="true">☕</div>
    <div>
      <h2>${escapeHtml(t.product)}</h2>
      <div class="price">${escapeHtml(t.price)}</div>
      <p>${escapeHtml(t.description)}</p>
      <button class="buy" type="button">${escapeHtml(t.addToCart)}</button>
    </div>
  </section>
</main>
<script src="/widget.js" data-channel="${key}" data-lang="${locale}" async></script>
</body>
</html>
`;
}
