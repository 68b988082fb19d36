/** The dashboard's counted words, by the language's plural rules rather than "(s)". */
import { formatCount } from '../../format';

const PLURAL = new Intl.PluralRules('en-US');

/** "1 pending request", "2 pending requests". */
export function counted(n: number, one: string, other: string): string {
  return `${formatCount(n)} ${PLURAL.select(n) === 'one' ? one : other}`;
}
