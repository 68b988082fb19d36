/**
 * When a portfolio grows next. The weekly job runs every Monday at 00:00 UTC and grows a
 * portfolio once a full week has passed since its last update (shared/growth.ts,
 * isDueForWeeklyUpdate): the next growth is the first such Monday after now.
 */
import { DAY_MS, isDueForWeeklyUpdate, WEEK_MS } from '../../../../shared/growth';

export function nextGrowthAt(lastUpdate: number, now: number): number {
  const today = new Date(now);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let monday = midnight + ((8 - today.getUTCDay()) % 7) * DAY_MS;
  if (monday <= now) monday += WEEK_MS;
  if (!isDueForWeeklyUpdate(lastUpdate, monday))
    monday += Math.ceil((lastUpdate + WEEK_MS - monday) / WEEK_MS) * WEEK_MS;
  return monday;
}
