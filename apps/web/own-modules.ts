/**
 * Test files that need modules of their own: they replace a module (`vi.mock`), or test what a
 * module does when it is first loaded (the language at start). Every other file shares its worker's
 * loaded modules and its jsdom with the files before it (`isolate: false`): a `vi.mock` there would
 * not replace a module another file loaded first (src/test/own-modules.test.ts keeps this list whole).
 */
export const OWN_MODULES = [
  'src/app/SocketProvider.test.tsx',
  'src/features/calls/call-dock.test.tsx',
  'src/features/dashboard/pages/DashboardPage.test.tsx',
  'src/features/private-chat/private-chat-live.test.tsx',
  'src/features/tickets/transfer-alert.test.tsx',
  'src/lib/http.test.ts',
  'src/lib/http-unavailable.test.ts',
  'src/lib/i18n.test.ts',
];
