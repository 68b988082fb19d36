/** The notification tests' pick: the one notification of a kind a change gave, failing when it gave none or several. */
import type { Notification, NotificationKind } from '../notification';

export function only(notifications: Notification[], kind: NotificationKind): Notification {
  const found = notifications.filter((n) => n.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind}, got ${found.length}`);
  return found[0] as Notification;
}
