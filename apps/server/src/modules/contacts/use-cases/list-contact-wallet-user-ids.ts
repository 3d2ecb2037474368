/** The agents whose wallet holds the contact (who may see its tickets when wallets restrict them). */
export { listContactWalletUserIds } from '../contacts.repository.js';
