import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';

/**
 * What Mantine's AppShell parts take from react-remove-scroll: the class names of its RemoveScroll,
 * nothing else. vite.config.ts (removeScrollClasses) points those modules here, so
 * that the signed-in frame does not download the scroll lock itself (≈ 4 kB gzip); the dialogs,
 * which lock the scroll, still import the real one. remove-scroll-classes.test.ts checks both facts.
 */
export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };
