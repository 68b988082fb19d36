/**
 * Light, dark or system (the default), stored under a product-specific key. The same rule runs
 * before first paint by the head script (shared/site/head-script.ts), so there is no flash.
 */
export type ColorModeChoice = 'light' | 'dark' | 'system';
export const COLOR_MODE_KEY = 'aurum-portal:color-mode';

export function storedChoice(): ColorModeChoice {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyChoice(choice: ColorModeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

export function saveChoice(choice: ColorModeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(COLOR_MODE_KEY);
    else localStorage.setItem(COLOR_MODE_KEY, choice);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyChoice(choice);
}
