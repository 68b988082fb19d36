/**
 * Enough of IAM's policy evaluation for the pipeline's tests to try a request against the
 * bootstrap's policy files and the GitHub roles' trust: `*` and `?` wildcards in actions,
 * resources and StringLike/ArnLike values, the condition operators these documents use, and
 * `${aws:PrincipalAccount}` in a resource. No library evaluates IAM policies offline; an operator
 * outside that list throws, so a document using another one is never judged by a guess.
 */

export interface PolicyStatement {
  Sid?: string;
  /** 'Allow' or 'Deny' in a policy AWS accepts; any text in one read from a file. */
  Effect: string;
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface PolicyDocument {
  Version?: string;
  Statement: PolicyStatement[];
}

/** A request: the action, the resource's ARN, the condition keys it carries, the caller's account. */
export interface PolicyRequest {
  action: string;
  resource?: string;
  context?: Record<string, string>;
  account?: string;
}

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');

/** IAM's wildcard match: `*` any run of characters, `?` any one; actions ignore case. */
export function wildcard(pattern: string, value: string, ignoreCase = false): boolean {
  return new RegExp(`^${escape(pattern).replace(/\*/g, '.*').replace(/\?/g, '.')}$`, ignoreCase ? 'i' : '').test(value);
}

const list = (value: unknown): string[] => (value === undefined ? [] : [value].flat().map(String));

/** The one policy variable these documents use, as IAM fills it in. */
const withAccount = (text: string, account: string | undefined) =>
  text.replace(/\$\{aws:PrincipalAccount\}/g, account ?? '${aws:PrincipalAccount}');

function conditionHolds(operator: string, key: string, allowed: unknown, request: PolicyRequest): boolean {
  const value = request.context?.[key];
  if (value === undefined) return operator.startsWith('StringNot') || operator.startsWith('ArnNot');
  const values = list(allowed).map((v) => withAccount(v, request.account));
  switch (operator) {
    case 'StringEquals':
      return values.includes(value);
    case 'StringNotEquals':
      return !values.includes(value);
    case 'StringLike':
    case 'ArnLike':
      return values.some((v) => wildcard(v, value));
    case 'ArnNotLike':
      return !values.some((v) => wildcard(v, value));
    default:
      throw new Error(`no evaluator for the condition operator ${operator}`);
  }
}

/** Whether a statement applies to the request: its action, its resource and every condition. */
export function statementMatches(statement: PolicyStatement, request: PolicyRequest): boolean {
  if (statement.NotAction !== undefined || statement.NotResource !== undefined)
    throw new Error(`no evaluator for NotAction or NotResource (${statement.Sid ?? 'a statement'})`);
  if (!list(statement.Action).some((a) => wildcard(a, request.action, true))) return false;
  const resources = list(statement.Resource).map((r) => withAccount(r, request.account));
  if (request.resource !== undefined && !resources.some((r) => wildcard(r, request.resource as string))) return false;
  return Object.entries(statement.Condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, allowed]) => conditionHolds(operator, key, allowed, request)),
  );
}

/** IAM's verdict on one document: an explicit deny wins, else an allow, else the implicit deny. */
export function allows(document: PolicyDocument, request: PolicyRequest): boolean {
  const matching = document.Statement.filter((s) => statementMatches(s, request));
  return matching.some((s) => s.Effect === 'Allow') && !matching.some((s) => s.Effect === 'Deny');
}
