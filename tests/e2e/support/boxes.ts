/** Where an element sits on the page, for journeys that check what covers what. */
import type { Locator } from 'playwright-core';

export type Box = { x: number; y: number; width: number; height: number };

/**
 * The element's box once it is on screen: a prerendered page shows its heading before the app's
 * script adds the rest (the theme menu), and a box read in between is none.
 */
export async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor({ state: 'visible' });
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return box;
}

export const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
