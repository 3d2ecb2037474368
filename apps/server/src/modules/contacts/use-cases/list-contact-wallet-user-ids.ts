/** The agents whose wallet holds the contact (who may see its tickets when wallets restrict them). */
export { listContactWalletUserIds } from '../contacts.repository.js';

/** Whether the contact is in a wallet, as a SQL condition (the inbound pipeline's one-statement first message). */
export { walletExistsSql as contactHasWalletSql } from '../contacts.repository.js';
