import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { adminUser, alice, fakeAuth, fixtureApi, renderApp } from '../test/harness';
import { SAMPLE_FIRM } from '../../../shared/test-support/sample-firm';
import { aliceQuietReads } from '../test/client-fixtures';

const firm = { ...SAMPLE_FIRM, supportPhone: '+44 20 7946 0000' };

/** What a signed-in page reads as it opens: nothing much. */
const quiet = fixtureApi({
  ...aliceQuietReads,
  'GET /api/portfolios/alice-sub/history': { data: [] },
  'GET /api/admin/clients': [],
  'GET /api/admin/withdrawal-requests?status=pending': [],
});

async function expectFooter(demoNotice?: string) {
  const footer = within(await screen.findByRole('contentinfo'));
  expect(footer.getByText(firm.riskDisclosure)).toBeInTheDocument();
  expect(footer.getByText(`© ${firm.legalName}`)).toBeInTheDocument();
  expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', firm.termsUrl);
  expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', firm.privacyUrl);
  expect(footer.getByRole('link', { name: firm.supportEmail })).toHaveAttribute('href', `mailto:${firm.supportEmail}`);
  expect(footer.getByRole('link', { name: firm.supportPhone })).toHaveAttribute('href', 'tel:+442079460000');
  if (demoNotice) expect(footer.getByText(demoNotice)).toBeInTheDocument();
}

describe("the firm's footer", () => {
  it.each([
    ['/', null],
    ['/signup', null],
    ['/forgot-password', null],
    ['/no-such-page', null],
    ['/dashboard', alice],
    ['/account', alice],
    ['/admin', adminUser],
  ] as const)('is at the foot of %s, from the stage settings', async (path, user) => {
    renderApp(path, { backend: fakeAuth(user), api: quiet, config: { firm } });
    await expectFooter();
  });

  it('says a demo firm is one, on every page', async () => {
    renderApp('/', {
      backend: fakeAuth(null),
      api: quiet,
      config: { firm: { ...firm, demoNotice: 'Demo firm — not a real offer' } },
    });
    await expectFooter('Demo firm — not a real offer');
  });

  it('shows nothing where the stage gives no firm', async () => {
    renderApp('/', { backend: fakeAuth(null), api: quiet });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it("is not in a page rendered ahead of the app (a prerendered page is every stage's; the firm is one stage's)", async () => {
    const { PageFooter } = await import('./footer');
    const { ConfigContext } = await import('../config-context');
    const { testConfig } = await import('../test/harness');
    const html = renderToString(
      <ConfigContext.Provider value={{ ...testConfig, firm }}>
        <PageFooter />
      </ConfigContext.Provider>,
    );
    expect(html).toBe('');
  });
});
