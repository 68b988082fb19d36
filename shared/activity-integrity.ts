/**
 * What a check of the activity log's seals can find wrong with an entry, in the words the
 * verify command prints and the console shows. Pure: the web and the Lambdas both read it.
 */
export const activityProblems = ['changed', 'inserted', 'backdated', 'removed', 'tampered', 'chain'] as const;
export type ActivityProblem = (typeof activityProblems)[number];

export const activityProblemLabels: Record<ActivityProblem, string> = {
  changed: 'changed after it was written',
  inserted: 'not sealed: written where the stream did not see it',
  backdated: 'written later than the time it claims',
  removed: 'removed',
  tampered: 'changed or removed in place',
  chain: 'the chain of seals is broken',
};
