/** A number is searched by its digits, however it was typed ('+55 (11) 9…'); other text as typed. */
export function contactSearchTerm(searchParam: string | undefined): string | undefined {
  const digits = searchParam?.replace(/[\s()+.-]/g, '');
  const search = digits && /^\d+$/.test(digits) ? digits : searchParam;
  return search || undefined;
}
