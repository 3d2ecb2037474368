import type { Contact, TagRef } from '@conversa/shared';
import type { ContactImportRow, ContactRow } from './contacts.repository.js';
import type { ContactDetails, ImportReport } from './contacts.schemas.js';

export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    identity: row.identity,
    birthday: row.birthday,
    firstName: row.firstName,
    lastName: row.lastName,
    businessName: row.businessName,
    messengerId: row.messengerId,
    instagramPK: row.instagramPk,
    hubWhatsappId: row.hubWhatsappId,
    profilePicUrl: row.profilePicUrl,
    extraInfo: row.extraInfo ?? [],
    blocked: row.blocked,
    chatbotBlocked: row.chatbotBlocked,
    isGroup: row.isGroup,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A contact with its wallet owners and tags, as the contacts routes answer it. */
export function presentContactDetails(row: ContactRow, walletUserIds: number[], tags: TagRef[]): ContactDetails {
  return { ...presentContact(row), wallets: walletUserIds, tags };
}

export function presentContactImport(row: ContactImportRow): ImportReport {
  return {
    jobId: row.id,
    fileName: row.fileName,
    status: row.status,
    total: row.total,
    done: row.done,
    imported: row.imported,
    rejected: row.rejected ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
