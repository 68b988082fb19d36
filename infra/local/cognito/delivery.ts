/**
 * Code delivery details as Cognito answers them: the destination is masked ("a***@e***"), so an
 * answer shows no more of an address than the caller typed, and an invented answer for an
 * unknown user (user-existence errors prevented) cannot be told from a real one.
 */
export interface CodeDeliveryDetails {
  AttributeName: 'email';
  DeliveryMedium: 'EMAIL';
  Destination: string;
}

/** First character of the local part and of the domain, the rest hidden. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const local = at > 0 ? address.slice(0, at) : address;
  const domain = at > 0 ? address.slice(at + 1) : address;
  return `${[...local][0] ?? '*'}***@${[...domain][0] ?? '*'}***`;
}

export function emailDelivery(address: string): CodeDeliveryDetails {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(address) };
}

/** The same answer with the destination masked (cognito-local answers with the whole address). */
export function masked<T extends { CodeDeliveryDetails?: unknown }>(output: T): T {
  const details = output.CodeDeliveryDetails;
  if (!details || typeof details !== 'object' || !('Destination' in details)) return output;
  if (typeof details.Destination !== 'string' || !details.Destination) return output;
  return { ...output, CodeDeliveryDetails: { ...details, Destination: maskEmail(details.Destination) } };
}
