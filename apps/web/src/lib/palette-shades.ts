import type { MantineColorsTuple } from '@mantine/core';

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function mix(hex: string, target: number, amount: number): string {
  const mixed = channels(hex).map((channel) => Math.round(channel + (target - channel) * amount));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Mantine's ten shades of a colour: lighter tints up to the colour itself at index 6 (Mantine's
 * light-scheme primary shade), darker ones after it (8 is the dark scheme's filled shade).
 */
export function shadesOf(hex: string): MantineColorsTuple {
  const lighter = [0.92, 0.8, 0.66, 0.5, 0.34, 0.17].map((amount) => mix(hex, 255, amount));
  const darker = [0.14, 0.27, 0.4].map((amount) => mix(hex, 0, amount));
  return [...lighter, hex, ...darker] as unknown as MantineColorsTuple;
}
