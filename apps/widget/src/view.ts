import { el, icon, ICONS } from './dom';
import type { Strings } from './i18n';
import { STYLES } from './styles';
import type { ChatMessage, WidgetConfig } from './types';
import { LIMITS } from './types';

/**
 * Phones (and short landscape screens): the open panel takes the whole viewport and the launcher
 * hides meanwhile, so it never covers the composer's Send; the panel's × closes it.
 */
export const NARROW_QUERY = '(max-width: 480px), (max-height: 500px)';

export interface ViewHandlers {
  onToggle(open: boolean): void;
  onStart(input: { name: string; contact: string }): void;
  onSend(body: string): void;
  onAttach(file: File, caption: string): void;
  onRetry(key: string): void;
  resolveUrl(path: string): string | null;
}

/**
 * The launcher and the chat panel, in a shadow root so the host page's CSS cannot break them.
 * Every text (the visitor's, the agents', the channel's) is set with textContent: never as HTML.
 */
export class View {
  readonly host: HTMLElement;
  private readonly root: HTMLElement;
  private readonly launcher: HTMLButtonElement;
  private readonly badge: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly title: HTMLElement;
  private readonly status: HTMLElement;
  private readonly form: HTMLFormElement;
  private readonly formError: HTMLElement;
  private readonly nameInput: HTMLInputElement;
  private readonly contactInput: HTMLInputElement;
  private readonly startButton: HTMLButtonElement;
  private readonly chat: HTMLElement;
  private readonly log: HTMLElement;
  private readonly welcome: HTMLElement;
  private readonly chatError: HTMLElement;
  private readonly textarea: HTMLTextAreaElement;
  private readonly bubbles = new Map<string, HTMLElement>();
  private open = false;
  private narrow = false;

  constructor(
    private readonly t: Strings,
    private readonly handlers: ViewHandlers,
  ) {
    this.host = el('div', { attrs: { 'data-conversa-webchat': '' } });
    const shadow = this.host.attachShadow({ mode: 'open' });
    shadow.appendChild(el('style', { text: STYLES }));

    this.badge = el('span', { className: 'badge', attrs: { 'aria-hidden': 'true' } });
    this.badge.hidden = true;
    this.launcher = el(
      'button',
      { className: 'launcher', attrs: { type: 'button', 'aria-label': t.open, 'aria-expanded': 'false', part: 'launcher' } },
      [icon(ICONS.chat), this.badge],
    );
    this.launcher.addEventListener('click', () => this.toggle(!this.open));

    this.title = el('div', { className: 'title' });
    const close = el('button', { className: 'close', text: '×', attrs: { type: 'button', 'aria-label': t.close } });
    close.addEventListener('click', () => this.toggle(false));
    this.status = el('div', { className: 'status', text: t.offline, attrs: { role: 'status' } });
    this.status.hidden = true;

    // The introduction form: name, then e-mail or phone (optional).
    this.nameInput = el('input', {
      attrs: {
        name: 'name',
        autocomplete: 'name',
        required: '',
        maxlength: String(LIMITS.nameChars),
        placeholder: t.name,
        'aria-label': t.name,
      },
    });
    this.contactInput = el('input', {
      attrs: { name: 'contact', autocomplete: 'email', maxlength: '254', placeholder: t.contact, 'aria-label': t.contact },
    });
    this.startButton = el('button', { className: 'primary', text: t.start, attrs: { type: 'submit' } });
    this.formError = el('div', { className: 'error', attrs: { role: 'alert' } });
    this.form = el('form', { className: 'form', attrs: { novalidate: '' } }, [
      el('p', { text: t.intro }),
      this.nameInput,
      this.contactInput,
      this.startButton,
      this.formError,
    ]);
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const name = this.nameInput.value.trim();
      if (!name) {
        this.nameInput.focus();
        return;
      }
      this.handlers.onStart({ name, contact: this.contactInput.value.trim() });
    });

    // The conversation.
    this.welcome = el('div', { className: 'msg agent' });
    this.log = el('div', { className: 'log', attrs: { role: 'log', 'aria-live': 'polite' } }, [this.welcome]);
    this.chatError = el('div', { className: 'error', attrs: { role: 'alert' } });
    this.textarea = el('textarea', {
      attrs: { rows: '1', maxlength: String(LIMITS.bodyChars), placeholder: t.placeholder, 'aria-label': t.placeholder },
    });
    this.textarea.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submitText();
      }
    });
    const fileInput = el('input', { className: 'hidden-input', attrs: { type: 'file', 'aria-hidden': 'true', tabindex: '-1' } });
    fileInput.addEventListener('change', () => {
      const file = fileInput.files?.[0];
      fileInput.value = '';
      if (!file) return;
      const caption = this.textarea.value.trim();
      this.textarea.value = '';
      this.handlers.onAttach(file, caption);
    });
    const attach = el('button', { className: 'icon', attrs: { type: 'button', 'aria-label': t.attach, title: t.attach } }, [
      icon(ICONS.attach),
    ]);
    attach.addEventListener('click', () => fileInput.click());
    const send = el('button', { className: 'icon send', attrs: { type: 'button', 'aria-label': t.send, title: t.send } }, [
      icon(ICONS.send),
    ]);
    send.addEventListener('click', () => this.submitText());
    this.chat = el('div', { className: 'chat' }, [
      this.log,
      this.chatError,
      el('div', { className: 'composer' }, [attach, fileInput, this.textarea, send]),
    ]);
    this.chat.hidden = true;

    this.panel = el('div', { className: 'panel', attrs: { role: 'dialog', 'aria-label': 'Chat' } }, [
      el('div', { className: 'header' }, [this.title, close]),
      this.status,
      this.form,
      this.chat,
    ]);
    this.panel.hidden = true;
    this.root = el('div', { className: 'root' }, [this.panel, this.launcher]);
    shadow.appendChild(this.root);

    const media = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
    this.narrow = media?.matches ?? false;
    media?.addEventListener?.('change', (event) => {
      this.narrow = event.matches;
      this.applyLayout();
    });
    this.applyLayout();
  }

  get isOpen(): boolean {
    return this.open;
  }

  applyConfig(config: WidgetConfig): void {
    const color = /^#[0-9a-fA-F]{6}$/.test(config.color) ? config.color : '#228be6';
    this.root.style.setProperty('--accent', color);
    // A channel without a title or welcome message of its own gets the widget's, in the visitor's language.
    this.title.textContent = config.title ?? this.t.title;
    const welcome = config.welcomeMessage ?? this.t.welcome;
    this.welcome.textContent = welcome;
    this.welcome.hidden = !welcome;
  }

  toggle(open: boolean): void {
    const focusInPanel = this.panel.contains(this.host.shadowRoot?.activeElement ?? null);
    this.open = open;
    this.panel.hidden = !open;
    this.launcher.setAttribute('aria-expanded', String(open));
    this.launcher.setAttribute('aria-label', open ? this.t.close : this.t.open);
    this.applyLayout();
    if (open) {
      this.setUnread(0);
      (this.chat.hidden ? this.nameInput : this.textarea).focus();
      this.scrollToEnd();
    } else if (focusInPanel) {
      this.launcher.focus();
    }
    this.handlers.onToggle(open);
  }

  private applyLayout(): void {
    this.root.classList.toggle('narrow', this.narrow);
    this.root.classList.toggle('open', this.open);
    this.launcher.hidden = this.narrow && this.open;
  }

  showForm(error = ''): void {
    this.form.hidden = false;
    this.chat.hidden = true;
    this.startButton.disabled = false;
    this.startButton.textContent = this.t.start;
    this.formError.textContent = error;
    for (const bubble of this.bubbles.values()) bubble.remove();
    this.bubbles.clear();
  }

  setStarting(): void {
    this.startButton.disabled = true;
    this.startButton.textContent = this.t.starting;
    this.formError.textContent = '';
  }

  showChat(): void {
    this.form.hidden = true;
    this.chat.hidden = false;
    if (this.open) this.textarea.focus();
  }

  setOnline(online: boolean): void {
    this.status.hidden = online;
  }

  setUnread(count: number): void {
    this.badge.hidden = count === 0;
    this.badge.textContent = count > 9 ? '9+' : String(count);
  }

  showError(text: string): void {
    this.chatError.textContent = text;
  }

  /** Draws the conversation: updates bubbles in place, adds new ones, keeps them in order. */
  render(messages: ChatMessage[]): void {
    const atEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 40;
    const keys = new Set(messages.map((m) => m.key));
    for (const [key, bubble] of this.bubbles) {
      if (!keys.has(key)) {
        bubble.remove();
        this.bubbles.delete(key);
      }
    }
    let previous: Element = this.welcome;
    for (const message of messages) {
      const bubble = this.drawBubble(message);
      if (previous.nextSibling !== bubble) previous.after(bubble);
      previous = bubble;
    }
    if (atEnd) this.scrollToEnd();
  }

  private drawBubble(message: ChatMessage): HTMLElement {
    const signature = [message.status, message.body, message.deleted, message.edited, message.mediaUrl, message.error].join('\u0001');
    const existing = this.bubbles.get(message.key);
    if (existing && existing.dataset.signature === signature) return existing;

    const bubble = el('div', { className: `msg ${message.from}` });
    bubble.dataset.signature = signature;
    bubble.dataset.key = message.key;
    if (message.deleted) {
      bubble.classList.add('deleted');
      bubble.textContent = this.t.deleted;
    } else {
      const media = this.drawMedia(message);
      if (media) bubble.appendChild(media);
      if (message.body) bubble.appendChild(el('div', { text: message.body }));
    }
    const meta: string[] = [formatTime(message.createdAt)];
    if (message.edited && !message.deleted) meta.push(this.t.edited);
    if (message.status === 'sending') meta.push(this.t.sending);
    if (message.status === 'failed') {
      bubble.classList.add('failed');
      meta.push(message.error ?? this.t.failed);
      bubble.setAttribute('role', 'button');
      bubble.setAttribute('tabindex', '0');
      bubble.addEventListener('click', () => this.handlers.onRetry(message.key));
    } else if (message.from === 'visitor' && message.status !== 'sending') meta.push('✓');
    bubble.appendChild(el('div', { className: 'meta', text: meta.join(' · ') }));

    if (existing) existing.replaceWith(bubble);
    this.bubbles.set(message.key, bubble);
    return bubble;
  }

  private drawMedia(message: ChatMessage): HTMLElement | null {
    if (!message.mediaUrl) return message.mediaName ? el('div', { text: `📎 ${message.mediaName}` }) : null;
    const url = this.handlers.resolveUrl(message.mediaUrl);
    if (!url) return null;
    if (message.mediaType === 'image') {
      const img = el('img', { attrs: { alt: message.mediaName ?? this.t.file, loading: 'lazy' } });
      img.src = url;
      const link = el('a', { attrs: { target: '_blank', rel: 'noopener noreferrer' } }, [img]);
      link.href = url;
      return link;
    }
    if (message.mediaType === 'audio' || message.mediaType === 'video') {
      const player = el(message.mediaType, { attrs: { controls: '', preload: 'metadata' } });
      player.src = url;
      return player;
    }
    const link = el('a', {
      text: `📎 ${message.mediaName ?? this.t.file}`,
      attrs: { target: '_blank', rel: 'noopener noreferrer', download: '' },
    });
    link.href = url;
    return link;
  }

  private submitText(): void {
    const body = this.textarea.value.trim();
    if (!body) return;
    this.textarea.value = '';
    this.showError('');
    this.handlers.onSend(body);
  }

  private scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
