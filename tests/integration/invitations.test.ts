/**
 * Invitations on the real local stack: an administrator invites an address (e-mailed a link that
 * fills the sign-up form), a sign-up with that verified address uses the invitation, and every
 * way around it is tried as an insider would: another address, an expired or revoked invitation,
 * revoking twice or after use, inviting oneself or an existing account, a client's token, a bad body.
 */
import { randomUUID } from 'node:crypto';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { InvitationDto } from '../../shared/api';
import { invitationMessages, invitationRefusals } from '../../shared/invitations';
import { apiMessages } from '../../shared/messages';
import { invitationId } from '../../lambdas/lib/data/invitations';
import { invitationKeys } from '../../lambdas/lib/data/table';
import type { Session } from './support/client';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
});

const INVITED_SUBJECT = 'You are invited to open an Aurum account';
const newAddress = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@invited.example`;

async function invite(email: string, names = { firstName: 'Ivy', lastName: 'Invited' }, token = admin.accessToken) {
  return t.client.call('createInvitation', { token, body: { email, ...names } });
}

async function invited(email: string): Promise<InvitationDto> {
  const res = await invite(email);
  expect(res.status).toBe(201);
  return res.body.invitation;
}

async function listed(id: string): Promise<InvitationDto | undefined> {
  const res = await t.client.call('listInvitations', { token: admin.accessToken });
  expect(res.status).toBe(200);
  return res.body.invitations.find((i) => i.id === id);
}

/** A sign-up as the web makes it, waiting for its code: `confirm` then confirms it (the trigger creates the profile). */
async function startSignUp(email: string): Promise<{ confirm: () => Promise<Session> }> {
  await t.client.signUp(email, { first: 'Ivy', last: 'Invited' });
  const code = (await t.client.mailbox(email)).find((mail) => mail.code)?.code;
  if (!code) throw new Error(`no code mailed to ${email}`);
  return {
    confirm: async () => {
      await t.client.cognito.send(
        new ConfirmSignUpCommand({ ClientId: t.stack.cognito.clientId, Username: email, ConfirmationCode: code }),
      );
      return t.client.signIn(email);
    },
  };
}

const signUp = async (email: string): Promise<Session> => (await startSignUp(email)).confirm();

async function accepted(client: Session) {
  const res = await t.client.call('listActivity', {
    token: admin.accessToken,
    query: { client: client.sub, kind: 'invitation-accepted' },
  });
  expect(res.status).toBe(200);
  return res.body.entries;
}

describe('an invitation', () => {
  it('is sent (201), listed newest first, logged, and e-mailed with a link that fills the form and no id', async () => {
    const email = newAddress('ivy');
    const invitation = await invited(email);
    expect(invitation).toMatchObject({ email, firstName: 'Ivy', lastName: 'Invited', status: 'open' });
    expect(invitation.id).toBe(invitationId(email));
    expect(Date.parse(invitation.validUntil) - Date.parse(invitation.sentAt)).toBe(7 * 24 * 3_600_000);
    const res = await t.client.call('listInvitations', { token: admin.accessToken });
    expect(res.body.invitations[0]?.id).toBe(invitation.id);
    const item = await t.table.item(invitationKeys.item(invitation.id));
    expect(item?.expiresAt).toBe(Math.floor((Date.parse(invitation.validUntil) + 90 * 24 * 3_600_000) / 1000));
    const [mail] = await mailsArrived(t.client, email, INVITED_SUBJECT);
    const link = new URL(mail?.link ?? '');
    expect(link.pathname).toBe('/signup');
    expect(Object.fromEntries(link.searchParams)).toEqual({ email, first: 'Ivy', last: 'Invited', invited: '1' });
    const log = await t.client.call('listActivity', { token: admin.accessToken, query: { kind: 'invitation-sent' } });
    expect(log.body.entries.find((e) => e.clientEmail === email)).toMatchObject({ actor: admin.email });
  });

  it('is used by a sign-up with its address: the account opens, the log names the inviting admin', async () => {
    const email = newAddress('user');
    const invitation = await invited(email);
    const client = await signUp(email);
    expect(await listed(invitation.id)).toMatchObject({ status: 'used', usedAt: expect.any(String) });
    expect((await t.table.item(invitationKeys.item(invitation.id)))?.usedBySub).toBe(client.sub);
    expect(await accepted(client)).toMatchObject([{ actor: admin.email, clientEmail: email }]);
    const portfolio = await t.client.call('getPortfolio', {
      token: client.accessToken,
      params: { userId: client.sub },
    });
    expect(portfolio.status).toBe(200);
    // The fallback route after the trigger changes nothing: the invitation is used once.
    const again = await t.client.call('createPortfolio', {
      token: client.accessToken,
      body: { userId: client.sub, initialBalance: 0 },
    });
    expect(again.status).toBe(200);
    expect(await accepted(client)).toHaveLength(1);
  });

  it('is left open by a sign-up with another address', async () => {
    const invitation = await invited(newAddress('kept'));
    const other = await signUp(newAddress('other'));
    expect((await listed(invitation.id))?.status).toBe('open');
    expect(await accepted(other)).toEqual([]);
  });

  it('past its date reads expired and is not used by a sign-up', async () => {
    const email = newAddress('late');
    const invitation = await invited(email);
    await t.table.setAttribute(
      invitationKeys.item(invitation.id),
      'validUntil',
      new Date(Date.now() - 1_000).toISOString(),
    );
    expect((await listed(invitation.id))?.status).toBe('expired');
    const client = await signUp(email);
    expect((await t.table.item(invitationKeys.item(invitation.id)))?.status).toBe('open');
    expect(await accepted(client)).toEqual([]);
  });

  it('revoked, is e-mailed so, not used by a sign-up, and cannot be revoked again (409)', async () => {
    const email = newAddress('revoked');
    const invitation = await invited(email);
    const revoke = () => t.client.call('revokeInvitation', { token: admin.accessToken, params: { id: invitation.id } });
    const first = await revoke();
    expect(first).toMatchObject({ status: 200, body: { invitation: { status: 'revoked', revokedBy: admin.email } } });
    expect(await revoke()).toMatchObject({ status: 409, body: { error: invitationRefusals.notOpen } });
    await mailsArrived(t.client, email, 'Your invitation to Aurum was withdrawn');
    const client = await signUp(email);
    expect((await listed(invitation.id))?.status).toBe('revoked');
    expect(await accepted(client)).toEqual([]);
  });

  it('once used cannot be revoked (409) nor sent again (409)', async () => {
    const email = newAddress('done');
    const invitation = await invited(email);
    await signUp(email);
    expect(await invite(email)).toMatchObject({ status: 409, body: { error: invitationRefusals.accountExists } });
    const revoked = await t.client.call('revokeInvitation', {
      token: admin.accessToken,
      params: { id: invitation.id },
    });
    expect(revoked).toMatchObject({ status: 409, body: { error: invitationRefusals.notOpen } });
    expect((await listed(invitation.id))?.status).toBe('used');
  });

  it('sent again renews it: a new date, the same item, e-mailed again; a revoked one opens again', async () => {
    const email = newAddress('again');
    const first = await invited(email);
    await t.table.setAttribute(invitationKeys.item(first.id), 'validUntil', new Date(Date.now() - 1_000).toISOString());
    expect(
      (await t.client.call('revokeInvitation', { token: admin.accessToken, params: { id: first.id } })).status,
    ).toBe(200);
    const second = await invited(email);
    expect(second).toMatchObject({ id: first.id, status: 'open', createdAt: first.createdAt });
    expect(Date.parse(second.validUntil)).toBeGreaterThan(Date.now());
    expect((await t.table.item(invitationKeys.item(first.id)))?.issue).toBe(2);
    await mailsArrived(t.client, email, INVITED_SUBJECT, { count: 2 });
  });
});

describe('a revocation racing the sign-up', () => {
  it('ends one way or the other: revoked and an ordinary sign-up, or used and the revocation refused (409)', async () => {
    for (let round = 0; round < 3; round++) {
      const email = newAddress('race');
      const invitation = await invited(email);
      const pending = await startSignUp(email);
      const [revoked, client] = await Promise.all([
        t.client.call('revokeInvitation', { token: admin.accessToken, params: { id: invitation.id } }),
        pending.confirm(),
      ]);
      const item = await t.table.item(invitationKeys.item(invitation.id));
      const outcome = { revoke: revoked.status, status: item?.status, accepted: (await accepted(client)).length };
      expect([
        { revoke: 200, status: 'revoked', accepted: 0 },
        { revoke: 409, status: 'used', accepted: 1 },
      ]).toContainEqual(outcome);
      // Either way the account exists: the sign-up never fails for the invitation's sake.
      const portfolio = await t.client.call('getPortfolio', {
        token: client.accessToken,
        params: { userId: client.sub },
      });
      expect(portfolio.status).toBe(200);
    }
  });
});

describe('who may invite whom', () => {
  it("an administrator's own address is refused (403), in any letter case", async () => {
    const res = await invite(admin.email.toUpperCase());
    expect(res).toMatchObject({ status: 403, body: { error: invitationRefusals.ownEmail } });
    expect(await t.table.item(invitationKeys.item(invitationId(admin.email)))).toBeUndefined();
  });

  it('an address that already has an account is refused (409), typed in any letter case', async () => {
    const client = await t.client.newClient('existing');
    for (const typed of [client.email, client.email.toUpperCase()]) {
      const res = await invite(typed);
      expect(res).toMatchObject({ status: 409, body: { error: invitationRefusals.accountExists } });
    }
    expect(await t.table.item(invitationKeys.item(invitationId(client.email)))).toBeUndefined();
  });

  it("a client's token is refused on every invitation route (403)", async () => {
    const client = await t.client.newClient('nosy');
    const invitation = await invited(newAddress('target'));
    expect((await invite(newAddress('by-client'), undefined, client.accessToken)).status).toBe(403);
    expect((await t.client.call('listInvitations', { token: client.accessToken })).status).toBe(403);
    const revoke = await t.client.call('revokeInvitation', {
      token: client.accessToken,
      params: { id: invitation.id },
    });
    expect(revoke.status).toBe(403);
    expect((await listed(invitation.id))?.status).toBe('open');
  });

  it('a bad body is refused (400) with the field at fault, and writes nothing', async () => {
    const email = newAddress('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not an address', firstName: 'A', lastName: 'B' }, invitationMessages.emailInvalid],
      [{ email: '', firstName: 'A', lastName: 'B' }, invitationMessages.emailRequired],
      [{ email, firstName: '', lastName: 'B' }, apiMessages.firstNameRequired],
      [{ email, firstName: 'A', lastName: '=SUM(A1)' }, apiMessages.nameFormulaCharacters],
      [{ email, firstName: 'A', lastName: 'B', status: 'used' }, apiMessages.unknownField('status')],
    ];
    for (const [body, error] of cases) {
      const res = await t.client.callAny('createInvitation', { token: admin.accessToken, body });
      expect({ body, status: res.status, error: (res.body as { error?: string }).error }).toEqual({
        body,
        status: 400,
        error,
      });
    }
    expect(await t.table.item(invitationKeys.item(invitationId(email)))).toBeUndefined();
  });

  it('an unknown id is a 404 on revoke', async () => {
    const res = await t.client.call('revokeInvitation', { token: admin.accessToken, params: { id: 'f'.repeat(32) } });
    expect(res).toMatchObject({ status: 404, body: { error: invitationRefusals.notFound } });
  });
});
