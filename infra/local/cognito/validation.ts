/**
 * The request constraints Cognito's API model puts on a password member, checked before the
 * pool's password policy, and on a list of user attributes (AttributeType: a value of at most
 * 2048 characters), with the message its request validation gives (the value itself is never
 * echoed: both members are sensitive).
 */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The pattern exactly as the API model gives it; Smithy model patterns are ECMA-262 regular
 * expressions, so JavaScript reads it as the model means it (Unicode spaces count as white space).
 */
const PASSWORD_PATTERN = /^[\S]+.*[\S]+$/;

/** The request validation's message for `problems` ("1 validation error detected: ..."), or null when there are none. */
export function validationMessage(problems: readonly string[]): string | null {
  if (problems.length === 0) return null;
  const count = problems.length === 1 ? '1 validation error detected' : `${problems.length} validation errors detected`;
  return `${count}: ${problems.join('; ')}`;
}

/** The InvalidParameterException message for `value` in member `member`, or null when it is valid. */
export function passwordConstraintError(value: string, member: string): string | null {
  const problems: string[] = [];
  if (!PASSWORD_PATTERN.test(value)) {
    problems.push(
      `Value at '${member}' failed to satisfy constraint: Member must satisfy regular expression pattern: ${PASSWORD_PATTERN.source}`,
    );
  }
  // Smithy measures string length in Unicode code points, not UTF-16 units.
  if ([...value].length > PASSWORD_MAX_LENGTH) {
    problems.push(
      `Value at '${member}' failed to satisfy constraint: Member must have length less than or equal to ${PASSWORD_MAX_LENGTH}`,
    );
  }
  return validationMessage(problems);
}

/** AttributeType's Value: "Length Constraints: Maximum length of 2048." */
export const ATTRIBUTE_VALUE_MAX_LENGTH = 2048;

/** The message for `attributes` (a request's UserAttributes, member `member`), or null when every value fits. */
export function attributeConstraintError(attributes: unknown, member: string): string | null {
  if (!Array.isArray(attributes)) return null;
  const entries: unknown[] = attributes;
  const problems = entries.flatMap((a, i) => {
    const value = typeof a === 'object' && a !== null && 'Value' in a ? a.Value : undefined;
    if (typeof value !== 'string' || [...value].length <= ATTRIBUTE_VALUE_MAX_LENGTH) return [];
    return [
      `Value at '${member}.${i + 1}.member.value' failed to satisfy constraint: Member must have length less than or equal to ${ATTRIBUTE_VALUE_MAX_LENGTH}`,
    ];
  });
  return validationMessage(problems);
}
