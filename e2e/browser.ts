import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs (Playwright gives each launch a fresh profile). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * For a failed test: a screenshot of each context's first page in e2e/artifacts, named
 * `<prefix>-<name>-failure.png` (or `<prefix>-failure.png` for a context named ''); never throws.
 */
export async function screenshotContexts(prefix: string, contexts: Record<string, BrowserContext>): Promise<void> {
  for (const [name, context] of Object.entries(contexts))
    await context
      .pages()[0]
      ?.screenshot({ path: `e2e/artifacts/${prefix}${name ? `-${name}` : ''}-failure.png` })
      .catch(() => undefined);
}
