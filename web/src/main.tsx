import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';
import { applyChoice, storedChoice } from './theme/color-mode';

const root = createRoot(document.getElementById('root') as HTMLElement);

// "System" follows the operating system live.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyChoice(storedChoice()));

loadConfig()
  .then((config) => {
    root.render(<App config={config} />);
  })
  .catch((error: unknown) => {
    console.error(error);
    document.getElementById('root')!.textContent = 'Unable to load the application configuration. Please try again later.';
  });
