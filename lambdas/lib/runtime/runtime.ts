/**
 * The runtime a Lambda's code runs in: its settings (settings.ts), the local stack's hooks
 * (hooks.ts), and what is made from them once and kept for the container's life (the SDK clients
 * of clients.ts and the floors above: the Cognito client, the origin gate).
 *
 * In AWS nobody configures anything: the settings are read from the function's environment (set
 * by the CDK stack) on first use, and each kept value is made on its first use. Code that runs the
 * handlers in its own process (the local stack, tests, tools) calls configureRuntime with explicit
 * values instead of writing process.env. No module reads a setting or creates a client when it is
 * loaded, so handler modules may be imported before or after that call, in any order.
 */
import type { RuntimeHooks } from './hooks';
import { resolvedSettings, type RuntimeConfiguration, type RuntimeSettings, settingsFromEnvironment } from './settings';

/** Something made from the settings and hooks on first use, kept until they change, then released. */
export interface Kept<T> {
  readonly make: (runtime: { settings: RuntimeSettings; hooks: RuntimeHooks }) => T;
  /** Closes what it holds (a client's connections): the next use makes it again. */
  readonly release?: (value: T) => void;
}

interface State {
  settings: RuntimeSettings;
  hooks: RuntimeHooks;
  kept: Map<Kept<unknown>, unknown>;
}

/** Undefined until first use: a Lambda reads its environment only then, not at module load. */
let state: State | undefined;

function current(): State {
  state ??= { settings: settingsFromEnvironment(), hooks: {}, kept: new Map() };
  return state;
}

function releaseKept(): void {
  for (const [kept, value] of state?.kept ?? []) kept.release?.(value);
}

/**
 * Replaces the settings (and hooks) and drops what was made from the previous ones, so the next
 * use makes it from these. Call it before serving requests: a request in flight on a dropped
 * client fails.
 */
export function configureRuntime(configuration: RuntimeConfiguration, hooks: RuntimeHooks = {}): void {
  releaseKept();
  state = { settings: resolvedSettings(configuration), hooks, kept: new Map() };
}

/** Back to the state of a fresh container: settings from the environment, read on next use. For tests. */
export function resetRuntime(): void {
  releaseKept();
  state = undefined;
}

export function runtimeSettings(): RuntimeSettings {
  return current().settings;
}

/** The hooks the runtime was configured with (the local stack's); none in AWS. */
export function runtimeHooks(): RuntimeHooks {
  return current().hooks;
}

/** The value `kept` makes, made from the current settings and hooks on first use, then kept. */
export function keptValue<T>(kept: Kept<T>): T {
  const s = current();
  if (s.kept.has(kept as Kept<unknown>)) return s.kept.get(kept as Kept<unknown>) as T;
  const value = kept.make(s);
  s.kept.set(kept as Kept<unknown>, value);
  return value;
}
