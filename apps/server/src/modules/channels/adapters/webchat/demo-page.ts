const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only the page's own scripts, styles inline (the widget's shadow root), sockets to this server. */
export const DEMO_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A plain product page that embeds the web-chat widget of one channel, so that a newcomer can play
 * the customer in one tab and the agent in another.
 */
export function renderDemoPage(publicKey: string, channelTitle: string | undefined): string {
  const key = escapeHtml(publicKey);
  const notice = channelTitle
    ? `<p class="hint">The chat button in the corner opens the widget of the channel <strong>${escapeHtml(channelTitle)}</strong>. Write as a customer here, and answer as an agent in Conversa's inbox in another tab.</p>`
    : `<p class="hint warn">This channel does not exist, is not a web-chat channel, or is not connected: the widget will not open.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Conversa web-chat demo</title>
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
<header><h1>Conversa web-chat demo</h1><span>Acme Coffee Co.</span></header>
<main>
  ${notice}
  <section class="product">
    <div class="photo" aria-hidden="true">☕</div>
    <div>
      <h2>Acme Espresso Machine</h2>
      <div class="price">$ 249.00</div>
      <p>15-bar pump, steam wand and a 1.5 l water tank. Questions about delivery or warranty? Ask us in the chat.</p>
      <button class="buy" type="button">Add to cart</button>
    </div>
  </section>
</main>
<script src="/widget.js" data-channel="${key}" async></script>
</body>
</html>
`;
}
