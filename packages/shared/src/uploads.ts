/**
 * The files Conversa accepts for messages (composer, quick messages, flow media): the server's
 * check (apps/server/src/platform/media/uploads.ts, the type sniffed from the bytes) uses these
 * values; the web app refuses a file before sending it by its declared type.
 */
export const MEDIA_UPLOAD = {
  maxBytes: 16 * 1024 * 1024,
  /** Families by MIME prefix, and the message type each becomes. */
  families: [
    { prefix: 'image/', type: 'image' },
    { prefix: 'video/', type: 'video' },
    { prefix: 'audio/', type: 'audio' },
    { prefix: 'application/pdf', type: 'document' },
    { prefix: 'application/zip', type: 'document' },
    { prefix: 'application/vnd.openxmlformats-officedocument', type: 'document' },
    { prefix: 'application/msword', type: 'document' },
    { prefix: 'application/vnd.ms-excel', type: 'document' },
    { prefix: 'application/vnd.oasis.opendocument', type: 'document' },
  ],
  /** Without magic bytes, only these (valid UTF-8) are accepted, as documents. */
  plainText: ['text/plain', 'text/csv'],
  /** SVG is text to the server's sniffing (not an image): refused. */
  refusedMimes: ['image/svg+xml'],
  /** For a file picker's `accept`. */
  accept: 'image/*,video/*,audio/*,application/pdf,.doc,.docx,.xls,.xlsx,.pptx,.odt,.ods,.odp,.zip,.txt,.csv',
} as const;

/** Whether a declared MIME type may be sent (the server decides from the bytes). */
export function isAcceptedUploadMime(mime: string): boolean {
  if ((MEDIA_UPLOAD.refusedMimes as readonly string[]).includes(mime)) return false;
  return (
    MEDIA_UPLOAD.families.some((family) => mime.startsWith(family.prefix)) || (MEDIA_UPLOAD.plainText as readonly string[]).includes(mime)
  );
}
