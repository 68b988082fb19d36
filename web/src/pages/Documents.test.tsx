import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentDto } from '../../../shared/api';
import { formatDate } from '../format';
import { alice, apiError, fakeAuth, fixtureApi, renderApp } from '../test/harness';
import { openDocument } from './documents/open-document';

jest.mock('./documents/open-document', () => ({ openDocument: jest.fn() }));

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
};
const deposit: DocumentDto = {
  id: '20261015T120000Z-deposit-e1',
  kind: 'deposit-confirmation',
  title: 'Deposit confirmation',
  date: '2026-10-15T12:00:00.000Z',
  issuedAt: '2026-10-15T12:00:04.000Z',
};

const LIST = `GET /api/portfolios/${alice.sub}/documents`;

function setup(handlers: Record<string, unknown>) {
  const api = fixtureApi(handlers);
  renderApp('/documents', { backend: fakeAuth(alice), api });
  return api;
}

afterEach(() => jest.mocked(openDocument).mockReset());

describe('the Documents page', () => {
  it('lists the documents newest first, with their days, and labels a correction', async () => {
    setup({ [LIST]: { documents: [correction, october, deposit] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Documents' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [first, second, third] = items.map((item) => within(item));
    expect(first?.getByText('October 2026 statement')).toBeInTheDocument();
    expect(first?.getByText('Correction')).toBeInTheDocument();
    expect(
      first?.getByText(`${formatDate('2026-10-31', 'UTC')}, issued ${formatDate(correction.issuedAt)}`),
    ).toBeInTheDocument();
    // A statement is dated its period's last day; the one it corrects is not labelled.
    expect(second?.getByText(formatDate('2026-10-31', 'UTC'))).toBeInTheDocument();
    expect(second?.queryByText('Correction')).not.toBeInTheDocument();
    expect(third?.getByText(formatDate('2026-10-15', 'UTC'))).toBeInTheDocument();
  });

  it('downloads a document: asks for its link and opens it', async () => {
    const link = { url: 'https://documents.example/october.pdf?sig', expiresAt: '2026-11-29T12:05:00.000Z' };
    const api = setup({
      [LIST]: { documents: [october] },
      [`GET /api/portfolios/${alice.sub}/documents/${october.id}`]: link,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download October 2026 statement' }));
    await waitFor(() => expect(openDocument).toHaveBeenCalledWith(link.url));
    expect(api.calls.map((c) => c.path)).toContain(`/api/portfolios/${alice.sub}/documents/${october.id}`);
  });

  it('says when a download fails, and opens nothing', async () => {
    setup({
      [LIST]: { documents: [october] },
      [`GET /api/portfolios/${alice.sub}/documents/${october.id}`]: () => {
        throw apiError(404, 'Document not found');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download October 2026 statement' }));
    expect(await screen.findByText('Document not found')).toBeInTheDocument();
    expect(openDocument).not.toHaveBeenCalled();
  });

  it('says when there are none yet, and when statements arrive', async () => {
    setup({ [LIST]: { documents: [] } });
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    expect(screen.getByText(/statement arrives early each month/)).toBeInTheDocument();
  });

  it('shows the loading state, then a failure with Retry that reads again', async () => {
    let fail = true;
    setup({
      [LIST]: () => {
        if (fail) throw apiError(500, 'Something went wrong');
        return { documents: [october] };
      },
    });
    expect(await screen.findByText('Loading documents...')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('October 2026 statement')).toBeInTheDocument();
  });

  it('pages with "Show more" through the server’s cursor', async () => {
    const api = setup({
      [LIST]: { documents: [october], nextCursor: 'next-page' },
      [`${LIST}?cursor=next-page`]: { documents: [deposit] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Deposit confirmation')).toBeInTheDocument();
    expect(screen.getByText('October 2026 statement')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain(`/api/portfolios/${alice.sub}/documents?cursor=next-page`);
  });
});
