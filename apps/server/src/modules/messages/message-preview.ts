/** The one-line preview shown in the ticket list. */
export function messagePreview(message: { body: string; mediaType: string | null; mediaName: string | null }): string {
  if (message.body.trim()) return message.body.slice(0, 255);
  if (message.mediaType) return `[${message.mediaType}] ${message.mediaName ?? ''}`.trim();
  return '';
}
