/**
 * CSV injection through names, replayed against the real local stack: a last name that a
 * spreadsheet splitting on `;` turns into formulas is refused at sign-up (the pre-sign-up trigger
 * in the local Cognito) and by the names route, changing nothing; and one already stored (written
 * before the rule, or straight into the table) reaches the admins' balances export quoted and
 * defused, so no cell of any reading of the file starts a formula.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { parse } from 'csv-parse/sync';
import { apiMessages } from '../../shared/messages';
import { PASSWORD, type Session } from './support/client';
import { eventually } from './support/eventually';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
const ATTACK = "Example;=1+1;=cmd|' /C calc'!A0";
let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const cognitoNames = async (email: string) => {
  const user = await t.client.cognitoAdmin.send(
    new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }),
  );
  const attr = (name: string) => user.UserAttributes?.find((a) => a.Name === name)?.Value;
  return [attr('given_name'), attr('family_name')];
};

/** A sign-up as the browser sends it, through the gateway's Cognito: the raw answer. */
async function signUp(email: string, familyName: string) {
  const res = await fetch(`${t.stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
    },
    body: JSON.stringify({
      ClientId: t.stack.cognito.clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Mal' },
        { Name: 'family_name', Value: familyName },
      ],
    }),
  });
  return { status: res.status, body: (await res.json()) as { __type?: string; message?: string; UserSub?: string } };
}

describe('names a spreadsheet would split or run', () => {
  it.each([ATTACK, '=cmd', '  +1', '@SUM(A1)', '-2+3'])(
    'a sign-up with the last name %j is a 400 before the account exists',
    async (name) => {
      const email = `mallory-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const res = await signUp(email, name);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        __type: 'UserLambdaValidationException',
        message: expect.stringContaining(apiMessages.nameFormulaCharacters),
      });
      await expect(
        t.client.cognitoAdmin.send(
          new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }),
        ),
      ).rejects.toMatchObject({
        name: 'UserNotFoundException',
      });
      expect(await t.client.mailbox(email)).toEqual([]);
    },
  );

  it('a sign-up with an apostrophe, a hyphen and an accent is a name like any other', async () => {
    const email = `obrien-${Date.now()}@example.com`;
    const res = await signUp(email, "O'Brien-José");
    expect(res.status).toBe(200);
    expect(await cognitoNames(email)).toEqual(['Mal', "O'Brien-José"]);
  });

  it.each([
    [{ firstName: 'Bob', lastName: ATTACK }, apiMessages.nameFormulaCharacters],
    [{ firstName: '=HYPERLINK("http://evil")', lastName: 'Doe' }, apiMessages.nameFormulaCharacters],
    [{ firstName: 'Bob', lastName: 'Tab\tDoe' }, apiMessages.nameUnsafeCharacters],
  ] as const)(
    'the names route refuses %j with a 400 and the field message, and changes nothing',
    async (body, message) => {
      const bob = await t.client.newClient('bob');
      const [profileBefore, cognitoBefore] = [await t.table.profile(bob.sub), await cognitoNames(bob.email)];
      const res = await t.client.call('updateMyNames', { token: bob.accessToken, params: { userId: bob.sub }, body });
      expect([res.status, res.body]).toEqual([400, { error: message }]);
      expect(await t.table.profile(bob.sub)).toEqual(profileBefore);
      expect(await cognitoNames(bob.email)).toEqual(cognitoBefore);
    },
  );
});

/** Asks after an export as the admin page does, until the exporter has finished it. */
async function exportedFile(): Promise<string> {
  const started = await t.client.call('startBalancesExport', { token: admin.accessToken });
  if (started.status !== 202)
    throw new Error(`startBalancesExport answered ${started.status}: ${JSON.stringify(started.body)}`);
  const url = await eventually(async () => {
    const res = await t.client.call('getBalancesExport', {
      token: admin.accessToken,
      params: { id: started.body.exportId },
    });
    if (res.body.status === 'ready') return res.body.url ?? '';
    expect(res.body.status).toBe('running');
    throw new Error('export still running after 10 s');
  });
  return (await fetch(url)).text();
}

it('a name stored before the rule reaches the balances export quoted and defused, in every reading of the file', async () => {
  const eve = await t.client.newClient('eve');
  const profile = await t.table.profile(eve.sub);
  // As a profile from before the rule holds it (or as anything writing the table directly would).
  await t.table.putItems([{ ...profile, firstName: '@Eve', lastName: ATTACK }]);

  const file = await exportedFile();
  const line = file.split('\r\n').find((l) => l.startsWith(`${eve.email},`));
  expect(line).toBeDefined();
  // One quoted field; each place a `;`-splitting (or `,`- or tab-splitting) reader starts a cell begins with `'`.
  expect(line).toContain(`,"'@Eve Example;'=1+1;'=cmd|' /C calc'!A0",`);
  for (const piece of file.split(/[,;\t\r\n]/)) expect(piece.replace(/^[\s"]*/, '')).not.toMatch(/^[=+\-@]/);
  // A reader that honours the quotes (RFC 4180) gets the name back with only the apostrophes added.
  const row = parse(file).find((r) => r[0] === eve.email);
  expect(row?.[1]).toBe(`'@Eve Example;'=1+1;'=cmd|' /C calc'!A0`);
});
