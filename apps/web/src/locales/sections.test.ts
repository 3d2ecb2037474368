import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import pt from './pt.json';
import { FIRST_ERRORS, FIRST_SECTIONS, INBOX_SECTIONS } from './first-sections';

/**
 * pt.json is downloaded in parts (first-sections.ts). A text of a section that a page has not
 * loaded would show as its key: this checks, in the source, that the code of the login page and of
 * the inbox names only sections of their parts. (A text key is written in full somewhere, as a
 * string starting with its section: 'tickets.title', `tickets.tabs.${status}`.)
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const SECTIONS = Object.keys(pt);

function sectionsNamedIn(path: string): string[] {
  const source = sources[path];
  if (source === undefined) throw new Error(`no source ${path}`);
  return SECTIONS.filter((section) => new RegExp(`['"\`]${section}\\.[a-zA-Z$]`).test(source));
}

function files(prefixes: string[], except: string[] = []): string[] {
  return Object.keys(sources).filter((path) => prefixes.some((prefix) => path.startsWith(prefix)) && !except.includes(path));
}

function beyond(paths: string[], allowed: readonly string[]): string[] {
  return paths.flatMap((path) =>
    sectionsNamedIn(path)
      .filter((section) => !allowed.includes(section))
      .map((section) => `${path}: ${section}`),
  );
}

describe('the parts of pt.json', () => {
  it('cover every section once', () => {
    const parts = [...FIRST_SECTIONS, ...INBOX_SECTIONS];
    expect(new Set(parts).size).toBe(parts.length);
    for (const section of parts) expect(SECTIONS).toContain(section);
  });

  it("the login and password-reset pages, and the app's frame, use only the first download's texts", () => {
    const login = [
      ...files(['../features/auth/', '../lib/']),
      '../main.tsx',
      '../app/Providers.tsx',
      '../app/guards.tsx',
      '../app/lazy-page.tsx',
      '../app/router.tsx',
      '../app/GlobalLoadingOverlay.tsx',
      '../components/PublicShell.tsx',
      '../components/LanguagePicker.tsx',
    ];
    expect(beyond(login, FIRST_SECTIONS)).toEqual([]);
  });

  it('the signed-in frame and the inbox use only the texts they load (the first and the inbox sections)', () => {
    // These two load all the texts before showing theirs: the history import's toasts
    // (SocketProvider) and the new-ticket dialog (TicketListPanel loads it with them).
    const loadAll = ['../app/SocketProvider.tsx', '../features/tickets/components/NewTicketModal.tsx'];
    const inbox = files(['../app/', '../components/', '../features/tickets/', '../lib/'], loadAll);
    expect(beyond(inbox, [...FIRST_SECTIONS, ...INBOX_SECTIONS])).toEqual([]);
  });

  it("the first download's error texts cover every code the public pages can meet", () => {
    const ERROR_CODES = Object.keys(pt.errors);
    const codesIn = (source: string) => (source.match(/ERR_[A-Z_]+/g) ?? []).filter((code) => ERROR_CODES.includes(code));
    // The server's answers to the public pages: its sign-in, token and password-reset module, and
    // what its HTTP layer refuses before any route.
    const server = join(import.meta.dirname, '../../../server/src');
    const serverCodes = ['modules/auth', 'platform/http'].flatMap((dir) =>
      readdirSync(join(server, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) => codesIn(readFileSync(join(server, dir, file), 'utf8'))),
    );
    // …and the codes the first download's own code names (the client's network errors among them).
    const clientCodes = files(['../features/auth/', '../lib/']).flatMap((path) => codesIn(sources[path] ?? ''));
    expect(serverCodes).toContain('ERR_INVALID_CREDENTIALS');
    expect(clientCodes).toContain('ERR_NETWORK');
    const missing = [...new Set([...serverCodes, ...clientCodes])].filter((code) => !(FIRST_ERRORS as readonly string[]).includes(code));
    expect(missing).toEqual([]);
    for (const code of FIRST_ERRORS) expect(ERROR_CODES).toContain(code);
  });
});
