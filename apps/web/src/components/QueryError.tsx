import { lazyComponent } from './on-demand';

/** The message of a failed load, with a retry: its code (QueryErrorAlert) is downloaded when a load fails. */
export const QueryError = lazyComponent(async () => (await import('./QueryErrorAlert')).QueryErrorAlert);
