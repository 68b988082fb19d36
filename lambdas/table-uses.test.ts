import { type RouteDef, routes, TABLE_WRITE_ACTIONS, usesAdminPower, writesTable } from '../shared/api';
import { ADMIN_CHECK_TABLE_USE, PRE_TOKEN_GENERATION_TABLE_USE, routeTableUse } from './table-uses';

describe('what a route function may do on the table', () => {
  it('holds no write on any GET route, where the admin check runs too', () => {
    const reads = (routes as readonly RouteDef[]).filter((r) => r.method === 'GET');
    expect(reads.filter(usesAdminPower).length).toBeGreaterThan(5);
    for (const route of reads)
      expect({ route: route.name, writes: writesTable(routeTableUse(route)) }).toEqual({
        route: route.name,
        writes: false,
      });
  });

  it("gives the admin check a read of the security record only; the moments it lacks are the pre-token-generation trigger's to write", () => {
    expect(ADMIN_CHECK_TABLE_USE.actions).toEqual(['GetItem']);
    expect(PRE_TOKEN_GENERATION_TABLE_USE.actions.filter((a) => TABLE_WRITE_ACTIONS.includes(a)).sort()).toEqual([
      'PutItem',
      'UpdateItem',
    ]);
  });
});
