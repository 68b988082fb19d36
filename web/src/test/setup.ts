import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom renders Chakra slowly (~20 ms a client row on an idle machine: the long-list test renders
// 200 of them in ~4 s), and CI shares two cores among four test projects: Jest's default 5 s
// failed there. A hung test still fails, after 30 s.
jest.setTimeout(30_000);

// How long `findBy*` and `waitFor` wait for what a render brings: a lazy part is a module Jest
// transforms and loads on first use, which took more than the library's 1 s default on two busy
// cores. A wait ends as soon as what it waits for is there; only a failing one waits this long.
configure({ asyncUtilTimeout: 5_000 });

// The build test runs in node, without a DOM: nothing below applies to it.
const inBrowser = typeof window !== 'undefined';

// What jsdom lacks and Chakra (Ark/Zag) or the app use.
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (inBrowser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.assign(globalThis, {
  ResizeObserver: globalThis.ResizeObserver ?? NoopObserver,
  IntersectionObserver: globalThis.IntersectionObserver ?? NoopObserver,
});
if (inBrowser) {
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo = () => undefined;
}
if (!globalThis.structuredClone) globalThis.structuredClone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

// Toasts live in a module-level store: each test starts with none.
afterEach(async () => {
  if (!inBrowser) return;
  const { act } = await import('@testing-library/react');
  const { clearToasts } = await import('../components/toaster');
  await act(() => clearToasts());
});

// The app's Chakra system has only the recipes it uses (theme/system.ts): a component asking for
// one it lacks would render unstyled in silence. Every file of screens fails on it.
afterAll(async () => {
  if (!inBrowser) return;
  const { missingRecipes } = await import('../theme/system');
  if (missingRecipes.size > 0)
    throw new Error(`Chakra recipes missing from web/src/theme/system.ts: ${[...missingRecipes].join(', ')}`);
});
