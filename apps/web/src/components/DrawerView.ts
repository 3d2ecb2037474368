// The lazy chunk of components/Drawer.ts: a module of its own, holding Mantine's Drawer only.
export { Drawer as DrawerView } from '@mantine/core';
