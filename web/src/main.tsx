import { createElement, type ReactElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { amplifyStateStored, isRedirectReturn } from './auth/lazy-backend';
import type { AppProps } from './App';
import { type AppConfig, loadConfig } from './config';

const container = document.getElementById('root') as HTMLElement;

declare global {
  interface Window {
    /** Set once the app is in charge of the page; until then the head script holds forms sent. */
    aurumReady?: boolean;
    /** The form sent before the app was ready (shared/site/head-script.ts). */
    aurumHeldSubmit?: EventTarget | null;
    /** The `data-held-click` of a button clicked before the app was ready (shared/site/head-script.ts). */
    aurumHeldClick?: string | null;
  }
}

const TEXT_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden])';

/** What the visitor typed into the prerendered page before the app took it over. */
function typedValues(): Map<HTMLInputElement, string> {
  return new Map(
    [...container.querySelectorAll<HTMLInputElement>(TEXT_FIELDS)]
      .filter((e) => e.value !== '')
      .map((e) => [e, e.value]),
  );
}

/**
 * The app's state starts empty: what was typed (still in the field, or as it was before the app
 * took over) is given to it as typing, and a form sent (or a held button clicked) early is sent
 * (clicked) now. Nothing a visitor did before the scripts arrived is lost.
 */
function takeOver(typed: ReadonlyMap<HTMLInputElement, string>): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the native setter, called on each field with `call`
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const element of container.querySelectorAll<HTMLInputElement>(TEXT_FIELDS)) {
    const value = element.value || typed.get(element) || '';
    if (!value || !setValue) continue;
    // React notices a change against what it last saw the field hold: first it sees it empty
    // (its own setter), then the typed value arrives as typing would (the native setter, an event).
    element.value = '';
    setValue.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
  window.aurumReady = true;
  const held = window.aurumHeldSubmit;
  window.aurumHeldSubmit = null;
  // After React has applied the typing above.
  if (held instanceof HTMLFormElement && held.isConnected) setTimeout(() => held.requestSubmit(), 0);
  const heldClick = window.aurumHeldClick;
  window.aurumHeldClick = null;
  if (typeof heldClick === 'string') {
    const button = container.querySelector<HTMLElement>(`[data-held-click="${CSS.escape(heldClick)}"]`);
    if (button) setTimeout(() => button.click(), 0);
  }
}

/**
 * A signed-out page arrives prerendered (web/src/prerender.tsx): the app takes it over where it
 * stands (hydration, in a transition so the work yields to the visitor's typing and taps), as
 * long as it would render the same thing, signed out. A visitor whose session may be stored gets
 * a fresh render instead: the head script (shared/site/head-script.ts) kept the prerendered page hidden
 * for them, since they are most likely on their way to the dashboard.
 */
function start(config: AppConfig, App: (props: AppProps) => ReactElement): void {
  const prerendered = container.firstElementChild !== null;
  if (prerendered && !amplifyStateStored(config.userPoolClientId) && !isRedirectReturn()) {
    const typed = typedValues();
    const app = createElement(App, { config, onReady: () => takeOver(typed) });
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Nothing was shown before this render, so nothing was typed: the app is simply in charge.
    const app = createElement(App, { config, onReady: () => void (window.aurumReady = true) });
    container.replaceChildren();
    // A transition here too: the first render of a signed-in page yields to the browser between
    // pieces instead of blocking it in one long task.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  // Shown either way from here on (it was hidden only while a stored session might redirect).
  document.documentElement.classList.remove('aurum-restoring');
}

// The app's modules (Chakra, its system, the router, the pages) are evaluated in a task of their
// own, not in the one that evaluates React DOM: on a slow phone each is a long task, and two
// halves block the visitor less than one whole (web/build.ts counts both as the first screen's).
Promise.all([loadConfig(), import('./App')])
  .then(([config, { App }]) => start(config, App))
  .catch((error: unknown) => {
    console.error(error);
    document.documentElement.classList.remove('aurum-restoring');
    container.textContent = 'Unable to load the application configuration. Please try again later.';
  });
