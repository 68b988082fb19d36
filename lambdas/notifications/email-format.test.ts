import { escapeHtml, formatUtcDate, formatUtcDateTime } from './email-format';

describe('UTC dates', () => {
  it('writes a time as day, month, year, 24-hour time and says UTC', () => {
    expect(formatUtcDateTime('2026-11-24T14:05:59.999Z')).toBe('24 Nov 2026, 14:05 UTC');
    expect(formatUtcDateTime(Date.parse('2027-01-03T00:00:00.000Z'))).toBe('3 Jan 2027, 00:00 UTC');
  });

  it('gives the UTC day, whatever the offset the time was written with', () => {
    expect(formatUtcDateTime('2026-11-23T23:30:00-05:00')).toBe('24 Nov 2026, 04:30 UTC');
    expect(formatUtcDate('2026-11-23T23:30:00-05:00')).toBe('24 Nov 2026');
  });

  it('refuses what is not a time rather than writing "Invalid Date"', () => {
    expect(() => formatUtcDateTime('yesterday')).toThrow(RangeError);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that can open markup or close an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('leaves other text, accents and emoji alone', () => {
    expect(escapeHtml('Zoë Ørsted 💰 $1,234.56')).toBe('Zoë Ørsted 💰 $1,234.56');
  });
});
