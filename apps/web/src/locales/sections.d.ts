// The two parts of a locale file that locale-sections.ts (a Vite plugin) makes.
declare module '*.json?first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?inbox' {
  const texts: Record<string, unknown>;
  export default texts;
}
