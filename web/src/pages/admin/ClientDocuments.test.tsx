import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentDto } from '../../../../shared/api';
import { documentMessages, documentRefusals } from '../../../../shared/documents';
import { alicePage } from '../../test/client-page-fixtures';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';
import { openDocument } from '../documents/open-document';
import { monthProblem } from './ClientDocuments';

jest.mock('../documents/open-document', () => ({ openDocument: jest.fn() }));

const october: DocumentDto = {
  id: '20261101T000000Z-statement-2026-10',
  kind: 'monthly-statement',
  title: 'October 2026 statement',
  date: '2026-11-01T00:00:00.000Z',
  issuedAt: '2026-11-01T02:00:05.000Z',
  period: '2026-10',
};
const correction: DocumentDto = {
  ...october,
  id: '20261120T101500Z-statement-2026-10-correction',
  issuedAt: '2026-11-20T10:15:00.000Z',
  correctionOf: october.id,
  regeneratedBy: 'admin@example.com',
};

const LIST = 'GET /api/portfolios/c1/documents';
const REGENERATE = 'POST /api/admin/clients/c1/statements';

let held: DocumentDto[] = [];

function setup(handlers: Record<string, unknown> = {}) {
  held = [october];
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/clients/c1': alicePage(),
    [LIST]: () => ({ documents: held }),
    ...handlers,
  });
  renderApp('/admin/clients/c1', { backend: fakeAuth(adminUser), api });
  return api;
}

const documents = async () => within(await screen.findByRole('region', { name: 'Documents' }));

async function regenerate(month: string) {
  const section = await documents();
  await userEvent.type(section.getByLabelText('Month'), month);
  await userEvent.click(section.getByRole('button', { name: 'Regenerate' }));
}

describe("the client page's documents", () => {
  it("lists the client's documents and downloads one", async () => {
    setup({
      'GET /api/portfolios/c1/documents/20261101T000000Z-statement-2026-10': {
        url: 'https://d/x.pdf',
        expiresAt: '2026-11-29T12:05:00.000Z',
      },
    });
    const section = await documents();
    expect(await section.findByText('October 2026 statement')).toBeInTheDocument();
    await userEvent.click(section.getByRole('button', { name: 'Download October 2026 statement' }));
    await waitFor(() => expect(openDocument).toHaveBeenCalledWith('https://d/x.pdf'));
  });

  it('regenerates a month after a confirmation, says so and lists the correction, with who made it', async () => {
    const api = setup({
      [REGENERATE]: () => {
        held = [correction, october];
        return { success: true, document: correction };
      },
    });
    await regenerate('2026-10');
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(documentMessages.regenerateConfirm('2026-10'))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(dialog.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(documentMessages.regenerated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ period: '2026-10' });
    const section = await documents();
    expect(await section.findByText('Correction')).toBeInTheDocument();
    expect(section.getByText(/by admin@example\.com$/)).toBeInTheDocument();
  });

  it('says a month that has not ended at the field, and sends nothing', async () => {
    const api = setup();
    await regenerate(new Date().toISOString().slice(0, 7));
    expect(await screen.findByText(documentMessages.periodNotEnded)).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says the server's refusal of the month at the field (no statement of it)", async () => {
    setup({
      [REGENERATE]: () => {
        throw apiError(404, documentRefusals.noStatement);
      },
    });
    await regenerate('2020-01');
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(documentRefusals.noStatement)).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the client has no documents yet', async () => {
    setup({ [LIST]: { documents: [] } });
    expect(await (await documents()).findByText('No documents yet.')).toBeInTheDocument();
  });
});

describe('the month check', () => {
  const now = Date.UTC(2026, 10, 29);
  it('asks for a month, refuses the current and later ones, and lets an ended one through', () => {
    expect(monthProblem('', now)).toBe('Choose a month.');
    expect(monthProblem('2026-11', now)).toBe(documentMessages.periodNotEnded);
    expect(monthProblem('2027-01', now)).toBe(documentMessages.periodNotEnded);
    expect(monthProblem('2026-10', now)).toBeNull();
  });
});
