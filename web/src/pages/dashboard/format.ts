/** Dates and money as the dashboard shows them (US format, like the amounts). */
import { formatUsd } from '../../../../shared/money';

/** Dollars from the API as "$1,234.56". */
export const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** "+$12.34" / "-$3.00". */
export const signedUsd = (dollars: number) => `${dollars >= 0 ? '+' : ''}${usd(dollars)}`;

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${formatDate(iso)} ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** Green for a gain (including none), red for a loss. */
export const gainColor = (value: number) => (value >= 0 ? 'green.fg' : 'red.fg');
