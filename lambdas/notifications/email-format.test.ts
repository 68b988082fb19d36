import {
  escapeHtml,
  formatClient,
  formatCount,
  formatSignedUsd,
  formatUtcDate,
  formatUtcDateTime,
} from './email-format';

describe('UTC dates', () => {
  it('writes a time as day, month in full, year, 24-hour time and says UTC', () => {
    expect(formatUtcDateTime('2026-11-24T14:05:59.999Z')).toBe('24 November 2026, 14:05 UTC');
    expect(formatUtcDateTime(Date.parse('2027-01-03T00:00:00.000Z'))).toBe('3 January 2027, 00:00 UTC');
  });

  it('gives the UTC day, whatever the offset the time was written with', () => {
    expect(formatUtcDateTime('2026-11-23T23:30:00-05:00')).toBe('24 November 2026, 04:30 UTC');
    expect(formatUtcDate('2026-11-23T23:30:00-05:00')).toBe('24 November 2026');
  });

  it('refuses what is not a time rather than writing "Invalid Date"', () => {
    expect(() => formatUtcDateTime('yesterday')).toThrow(RangeError);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('leaves other text, accents and emoji alone', () => {
    expect(escapeHtml('Zoë Ørsted 💰 $1,234.56')).toBe('Zoë Ørsted 💰 $1,234.56');
  });
});

describe('counts, amounts and clients', () => {
  it('counts in English: one is singular, every other number plural, with grouping', () => {
    expect(formatCount(1, 'request')).toBe('1 request');
    expect(formatCount(2, 'request')).toBe('2 requests');
    expect(formatCount(0, 'portfolio')).toBe('0 portfolios');
    expect(formatCount(1_204, 'portfolio')).toBe('1,204 portfolios');
    expect(formatCount(3, 'new withdrawal request')).toBe('3 new withdrawal requests');
    expect(formatCount(2, 'person', 'people')).toBe('2 people');
  });

  it('writes a change of balance as the site writes amounts, always signed', () => {
    expect(formatSignedUsd(131_527_012)).toBe('+$1,315,270.12');
    expect(formatSignedUsd(-4_000)).toBe('-$40.00');
    expect(formatSignedUsd(0)).toBe('+$0.00');
  });

  it('names a client by name and address, or by address alone', () => {
    expect(formatClient('Jane Doe', 'jane@example.com')).toBe('Jane Doe (jane@example.com)');
    expect(formatClient('  ', 'jane@example.com')).toBe('jane@example.com');
    expect(formatClient(undefined, 'jane@example.com')).toBe('jane@example.com');
  });
});
