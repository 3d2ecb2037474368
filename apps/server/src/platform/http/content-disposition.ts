/**
 * The Content-Disposition of a download: an ASCII `filename` (accents dropped, quotes replaced) for
 * old clients, and the exact name in `filename*` (RFC 6266 / 5987), which browsers prefer.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
