/** axe-core injected into the page: the serious and critical violations, by rule. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses inline scripts.
  await page.evaluate(source);
  const results = await page.evaluate<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>(
    async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              ctx: Document,
              opts: object,
            ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      return axe.run(document, { resultTypes: ['violations'] });
    },
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
