import type { Page } from 'playwright-core';

/**
 * Clicks "Aceitar" on the open chat and confirms if the app asks (issue 9 drops that confirmation),
 * then waits until the ticket is the agent's (the composer's send is then allowed).
 */
export async function acceptTicket(page: Page): Promise<void> {
  await page.getByTestId('ticket-accept').click();
  const confirm = page.getByTestId('confirm-button');
  const accepted = page.getByTestId('ticket-accept').waitFor({ state: 'detached', timeout: 15_000 });
  const confirmed = confirm
    .waitFor({ state: 'visible', timeout: 15_000 })
    .then(() => confirm.click())
    .catch(() => undefined);
  await Promise.race([accepted, confirmed]);
  await accepted;
}
