/**
 * An access token's `cognito:groups` is what was true when it was issued. API Gateway's JWT
 * authorizer never asks Cognito again, so an admin removed from `admins` (or disabled) would
 * keep admin access for the token's life. Admin power is therefore confirmed with Cognito
 * itself, remembered per user for at most `config.adminRecheckMs` (60 s) so a busy console
 * costs two Cognito reads a minute, not two per request.
 */
import { userPoolDefinition } from '../../shared/user-pool';
import { isEnabledMemberOf } from './cognito';
import { config } from './config';

export type MembershipLookup = (username: string) => Promise<boolean>;

/** A warm Lambda serves few admins; the bound only stops a flood of tokens from growing memory. */
const MAX_REMEMBERED = 1000;

export function rememberedMembership(lookup: MembershipLookup, ttlMs: () => number, now: () => number = Date.now): MembershipLookup {
  const remembered = new Map<string, { answer: Promise<boolean>; at: number }>();
  return (username) => {
    const t = now();
    const hit = remembered.get(username);
    if (hit && t - hit.at < ttlMs()) return hit.answer;
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    // Concurrent requests of one admin share the same lookup; a failed lookup is not remembered.
    const answer = lookup(username);
    remembered.set(username, { answer, at: t });
    answer.catch(() => remembered.delete(username));
    return answer;
  };
}

export const isStillAdmin: MembershipLookup = rememberedMembership(
  (username) => isEnabledMemberOf(username, userPoolDefinition.adminGroup),
  () => config.adminRecheckMs,
);
