/** The deploy's /config.json, given to every page by App (its own module: pages import it, App renders it). */
import { createContext, useContext } from 'react';
import type { AppConfig } from './config';

export const ConfigContext = createContext<AppConfig | null>(null);

export function useAppConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useAppConfig outside App');
  return config;
}
