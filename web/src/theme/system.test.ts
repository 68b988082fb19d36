/**
 * @jest-environment node
 */
// The app's theme: what it changes of Chakra's.
import { system } from './system';

/** The CSS variables each colour mode sets, as the system writes them. */
function modeVariables(): { light: Record<string, string>; dark: Record<string, string> } {
  const css = system.getTokenCss() as unknown as Record<string, Record<string, unknown>>;
  const blocks = Object.values(css).flatMap((block) => Object.entries(block));
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [selector, body] of blocks) {
    if (typeof body !== 'object' || body === null) continue;
    Object.assign(selector.includes('.dark') ? dark : light, body as Record<string, string>);
  }
  return { light, dark };
}

it("dims the page behind a dialog clearly in dark mode: the backdrop's colour is 80% black there, Chakra's 36% in light", () => {
  const { light, dark } = modeVariables();
  expect(dark['--chakra-colors-black-alpha-500']).toBe('var(--chakra-colors-black-alpha-800)');
  expect(light['--chakra-colors-black-alpha-800']).toBe('rgba(0, 0, 0, 0.80)');
  expect(light['--chakra-colors-black-alpha-500']).toBe('rgba(0, 0, 0, 0.36)');
});
