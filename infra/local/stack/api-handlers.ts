/** Every route's handler (lambdas/http/<route name>.ts), as the CDK stack deploys one function per route. */
import { routes } from '../../../shared/api';
import type { ApiHandler } from '../gateway';

export async function loadApiHandlers(): Promise<ReadonlyMap<string, ApiHandler>> {
  const handlers = new Map<string, ApiHandler>();
  for (const route of routes) {
    const module = (await import(`../../../lambdas/http/${route.name}`)) as { handler: ApiHandler };
    handlers.set(route.name, module.handler);
  }
  return handlers;
}
