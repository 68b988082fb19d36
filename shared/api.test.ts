import { answerSchemas } from './answers';
import { buildPath, matchPath, routeUrl, OWNER_PATH_PARAMS, type RouteDef, routes, writesTable } from './api';
import { bodySchemas, querySchemas } from './validation';

describe('the route table', () => {
  it('holds every call of the product, once', () => {
    const calls = routes.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/portfolios/{userId}',
        'POST /api/portfolios/create',
        'GET /api/portfolios/{uid}/transactions',
        'GET /api/withdrawals/{uid}/eligible',
        'POST /api/withdrawals/request',
        'GET /api/admin/clients',
        'POST /api/admin/clients/{id}/deposit',
        'POST /api/admin/clients/{id}/withdrawal',
        'PUT /api/admin/clients/{id}/balance',
        'GET /api/admin/clients/{id}/transactions',
        'DELETE /api/admin/clients/{id}',
        'GET /api/admin/withdrawal-alerts',
      ]),
    );
    expect(new Set(calls).size).toBe(calls.length);
    expect(new Set(routes.map((r) => r.name)).size).toBe(routes.length);
  });

  it('lets no GET route declare a table write: a read route reads', () => {
    const reads = (routes as readonly RouteDef[]).filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const r of reads)
      expect({ route: r.name, writes: writesTable(r.table) }).toEqual({ route: r.name, writes: false });
  });

  it('puts every /api/admin path behind admin auth, and only those', () => {
    for (const r of routes) expect(r.auth === 'admin').toBe(r.path.startsWith('/api/admin/'));
  });

  it("names the owner of every client route: one of its path parameters, the body userId of a POST, or the caller's own account under /api/me/", () => {
    for (const r of routes as readonly RouteDef[]) {
      if (r.auth === 'admin') {
        expect({ route: r.name, owner: r.owner }).toEqual({ route: r.name, owner: undefined });
        continue;
      }
      const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      // A route of the caller's own account names no client at all, so none can be named wrongly.
      expect({ route: r.name, self: r.owner === 'self' }).toEqual({
        route: r.name,
        self: r.path.startsWith('/api/me/'),
      });
      // Its path may name a thing of the caller's own (a passkey), never a client.
      if (r.owner === 'self')
        expect({
          route: r.name,
          params: params.filter((p) => (OWNER_PATH_PARAMS as readonly string[]).includes(p ?? '')),
          adminMayRead: r.adminMayRead,
        }).toEqual({
          route: r.name,
          params: [],
          adminMayRead: undefined,
        });
      else if (r.owner === 'body.userId')
        expect({ route: r.name, method: r.method, params }).toEqual({ route: r.name, method: 'POST', params: [] });
      else
        expect({
          route: r.name,
          owner: (OWNER_PATH_PARAMS as readonly string[]).includes(r.owner ?? '') && params.includes(r.owner),
        }).toEqual({ route: r.name, owner: true });
    }
  });

  it('lets only non-GETs write the table, and money-moving POSTs be idempotent', () => {
    for (const r of routes as readonly RouteDef[]) {
      if (r.method === 'GET') expect(writesTable(r.table)).toBe(false);
      else expect(writesTable(r.table)).toBe(true);
      if ('idempotent' in r) expect(r.method).toBe('POST');
    }
  });

  it('gives a body schema only to POSTs and PUTs, a query schema only to GETs, and every route an answer', () => {
    for (const r of routes as readonly RouteDef[]) {
      if (r.body)
        expect({ route: r.name, method: r.method, known: r.body in bodySchemas }).toEqual({
          route: r.name,
          method: expect.stringMatching(/^(POST|PUT)$/),
          known: true,
        });
      if (r.query)
        expect({ route: r.name, method: r.method, known: r.query in querySchemas }).toEqual({
          route: r.name,
          method: 'GET',
          known: true,
        });
      expect(r.answer in answerSchemas).toBe(true);
      // A PUT without a body would answer "Invalid JSON" to nothing; the table must say what it takes.
      if (r.method === 'PUT') expect(r.body).toBeDefined();
    }
  });

  it("checks the body userId of a route owned by it: the route's body schema requires one", () => {
    for (const r of routes as readonly RouteDef[]) {
      if (r.owner !== 'body.userId') continue;
      const schema = bodySchemas[r.body ?? 'createPortfolio'];
      expect({
        route: r.name,
        hasBody: r.body !== undefined,
        userIdRequired: !schema.safeParse({}).success && 'shape' in schema.def && 'userId' in schema.def.shape,
      }).toEqual({
        route: r.name,
        hasBody: true,
        userIdRequired: true,
      });
    }
  });

  it('no concrete path matches two routes of the same method', () => {
    for (const a of routes) {
      const concrete = buildPath(a.path, { userId: 'u-1', uid: 'u-1', id: 'c-1', credentialId: 'k-1' });
      const matching = routes.filter((b) => b.method === a.method && matchPath(b.path, concrete));
      expect(matching.map((m) => m.name)).toEqual([a.name]);
    }
  });
});

describe('paths', () => {
  it('builds and matches with encoding', () => {
    const path = buildPath('/api/portfolios/{userId}', { userId: 'a b/c' });
    expect(path).toBe('/api/portfolios/a%20b%2Fc');
    expect(matchPath('/api/portfolios/{userId}', path)).toEqual({ userId: 'a b/c' });
    expect(matchPath('/api/portfolios/{userId}', '/api/portfolios/x/y')).toBeNull();
    expect(matchPath('/api/portfolios/{userId}', '/api/portfolios/%E0%A4%A')).toBeNull();
    expect(() => buildPath('/api/portfolios/{userId}', {})).toThrow(/userId/);
  });
});

describe('routeUrl', () => {
  it("fills the route's parameters and sends only the query values given", () => {
    expect(routeUrl('getStatement', { uid: 'a b' }, { from: '2026-01-01', to: undefined })).toBe(
      '/api/portfolios/a%20b/statement?from=2026-01-01',
    );
    expect(routeUrl('listClients', undefined, undefined)).toBe('/api/admin/clients');
  });
});
