/**
 * One client's statements for a run: for each period that ends at the run's month start, the
 * statement already written is found (a rerun, or a step retried after it died mid-page), or the
 * statement is made (statementDocument) and stored once (storeDocument: the object with
 * If-None-Match, the DOC# item if absent), or there is none for a client with neither activity
 * nor a balance in the period. What is found is counted, not written: a rerun writes nothing twice.
 */
import { readDocument, storeDocument } from '../lib/documents/document-store';
import { type StatementPeriod, statementDocId } from '../lib/documents/document-item';
import { statementDocument } from '../lib/documents/statement-document';
import type { Profile } from '../lib/data/profile-item';
import { isClosed } from '../lib/data/profile-item';
import { logger } from '../lib/runtime/logger';

export type StatementOutcome = 'written' | 'existing' | 'skipped';

/** Attempts per client, each after a growing jittered wait: a throttled read or write is expected at scale. */
const MAX_ATTEMPTS = 3;
const BASE_WAIT_MS = 200;

/** The periods a client's statements cover: for a closed account, only those it was open in. */
export function periodsOf(profile: Profile, periods: readonly StatementPeriod[]): StatementPeriod[] {
  if (!isClosed(profile)) return [...periods];
  const closedAt = Date.parse(String(profile.closedAt));
  return periods.filter((period) => period.from <= closedAt);
}

async function statementFor(sub: string, period: StatementPeriod, issuedAt: number): Promise<StatementOutcome> {
  if (await readDocument(sub, statementDocId(period))) return 'existing';
  const rendered = await statementDocument(sub, period, { issuedAt });
  if (!rendered) return 'skipped';
  const { outcome } = await storeDocument(sub, rendered.draft, rendered.pdf);
  return outcome === 'written' ? 'written' : 'existing';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The client's outcome for each of its periods, or 'failed' when one period still failed after
 * MAX_ATTEMPTS: the periods written before the failure stay written, and a rerun finds them.
 */
export async function statementsOfClient(
  profile: Profile,
  periods: readonly StatementPeriod[],
  issuedAt: number,
): Promise<StatementOutcome[] | 'failed'> {
  const outcomes: StatementOutcome[] = [];
  for (const period of periodsOf(profile, periods)) {
    for (let attempt = 1; ; attempt++) {
      try {
        outcomes.push(await statementFor(profile.sub, period, issuedAt));
        break;
      } catch (error) {
        logger.warn('statement not written', {
          sub: profile.sub,
          period: period.label,
          attempt,
          error: error as Error,
        });
        if (attempt >= MAX_ATTEMPTS) return 'failed';
        await wait(BASE_WAIT_MS * 2 ** attempt * (0.5 + Math.random()));
      }
    }
  }
  return outcomes;
}
