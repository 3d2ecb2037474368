// React 18+ has useSyncExternalStore: the package 'use-sync-external-store/shim' (react-i18next
// imports it) then only hands React's own over, after a CommonJS wrapper and a fallback for older
// React that would be in every page's first download. vite.config.ts points the package here.
export { useSyncExternalStore } from 'react';
