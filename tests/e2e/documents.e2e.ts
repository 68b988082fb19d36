/**
 * Statements as PDFs in a real Chromium against the real local stack: alice opens Documents from
 * the dashboard and downloads last month's statement, which reads back (pdftotext) with her name,
 * the month and its summary; an administrator regenerates that month on her client page, and both
 * statements are listed there, the new one marked a correction, the first one unchanged.
 */
import type { Download, Page } from 'playwright-core';
import { createHash } from 'node:crypto';
import { statementTitleOf } from '../../lambdas/lib/documents/period-name';
import { pdfLines } from '../../lambdas/lib/documents/test-support/pdf-read';
import { expect as expectPage } from './support/expect';
import { asDemoAdmin, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

/** The first instant of the month before this one (UTC): the newest month the demo has a statement of. */
function lastMonthStart(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Clicks a document's Download button and answers the PDF the browser saved. */
async function download(page: Page, label: string): Promise<{ name: string; pdf: Uint8Array }> {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label, exact: true }).click(),
  ]);
  return { name: saved.suggestedFilename(), pdf: await bytesOf(saved) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

journey("a client downloads last month's statement, and a correction stands beside it", e2e, async ({ page }) => {
  const title = statementTitleOf('month', lastMonthStart());
  const month = new Date(lastMonthStart()).toISOString().slice(0, 7);

  await signIn(page, e2e, 'alice@example.com');
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Documents' }).click();
  await page.waitForURL(/\/documents$/);
  const list = page.getByRole('list', { name: 'Documents' });
  await list.getByText(title, { exact: true }).waitFor();

  const first = await download(page, `Download ${title}`);
  expect(first.name).toMatch(new RegExp(`^aurum-\\d{8}T\\d{6}Z-statement-${month}\\.pdf$`));
  const lines = pdfLines(first.pdf);
  expect(lines).toContain(title);
  expect(lines).toContain('Client: Alice Example');
  expect(lines.some((line) => /^Opening balance on .+ \$[\d,]+\.\d{2}$/.test(line))).toBe(true);
  expect(lines.some((line) => /^Closing balance on .+ \$[\d,]+\.\d{2}$/.test(line))).toBe(true);
  expect(lines).not.toContain('Corrected statement');

  await asDemoAdmin(e2e, async (admin) => {
    const row = admin.getByRole('row').filter({ hasText: 'alice@example.com' });
    await row.getByRole('link', { name: 'Alice Example' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Alice Example' }).waitFor();
    const form = admin.getByRole('form', { name: 'Regenerate a statement' });
    await form.getByLabel('Month').fill(month);
    await form.getByRole('button', { name: 'Regenerate' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
    await expectPage(admin).toShowText('Statement regenerated');
    await admin
      .getByRole('button', { name: `Download ${title} (correction)` })
      .first()
      .waitFor();
  });

  // The client's list holds both; the first statement downloads as it was, the correction says so.
  await page.reload();
  await page
    .getByRole('button', { name: `Download ${title} (correction)` })
    .first()
    .waitFor();
  const again = await download(page, `Download ${title}`);
  expect(sha256(again.pdf)).toBe(sha256(first.pdf));
  const correction = await download(page, `Download ${title} (correction)`);
  expect(pdfLines(correction.pdf)).toEqual(expect.arrayContaining(['Corrected statement', title]));
});
