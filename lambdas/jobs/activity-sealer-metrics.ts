/**
 * The activity sealer's metric (activity-sealer.ts), shared with the CDK stack so the alarm
 * watches exactly what the sealer emits. No imports: the stack loads this file at synth.
 *
 *   namespace   'Aurum/Portal', dimensions { service: 'aurum-portal', stage }
 *   metric      'ActivityTampered'  Count: one per change or removal of an activity entry seen on
 *               the table's stream. No data point otherwise; the alarm fires on any Sum >= 1.
 */
export const ACTIVITY_SEALER_NAMESPACE = 'Aurum/Portal';
export const ACTIVITY_SEALER_SERVICE = 'aurum-portal';
export const ACTIVITY_TAMPERED_METRIC = 'ActivityTampered';
export const activitySealerDimensions = (stage: string) => ({ service: ACTIVITY_SEALER_SERVICE, stage }) as const;
