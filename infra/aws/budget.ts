/**
 * The stage's monthly AWS cost budget (AWS Budgets): what the resources tagged with the stage
 * cost this month against the stage's `monthlyBudgetDollars`, e-mailed to the stage's alarm
 * address when 80% is spent and as soon as the month is forecast to pass 100%.
 *
 * The filter is the stage's tag (stage.ts tags every resource of both stacks with it), which
 * Billing sees only once `aurum:stage` is activated as a cost allocation tag, and only for
 * costs from then on (docs/operations.md, "Cost"). The notices are e-mailed by Budgets itself,
 * not through the alarm topic: that topic is encrypted under its own KMS key, and Budgets'
 * documented way to publish to a topic grants it the topic, not a customer-managed key.
 */
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Construct } from 'constructs';

/** The tag every resource of a stage carries, with the stage's name as its value (stage.ts). */
export const STAGE_TAG_KEY = 'aurum:stage';

/** The budget of a stage whose settings name none: every stage has one from its first deploy. */
export const DEFAULT_MONTHLY_BUDGET_DOLLARS = 100;

/** When the alarm address hears of the month's cost: 80% actually spent, 100% forecast. */
export const BUDGET_NOTICES = [
  { notificationType: 'ACTUAL', percent: 80 },
  { notificationType: 'FORECASTED', percent: 100 },
] as const;

/** The budget's name for a stage: budget names are unique in an account. */
export const budgetName = (stage: string) => `aurum-${stage}-monthly`;

/** Budgets' filter on a user-defined cost allocation tag: `user:<key>$<value>`. */
export const stageCostFilter = (stage: string) => ({ TagKeyValue: [`user:${STAGE_TAG_KEY}$${stage}`] });

export interface StageBudgetProps {
  stage: string;
  /** Whole dollars a month; DEFAULT_MONTHLY_BUDGET_DOLLARS when unset. */
  monthlyDollars?: number;
  /** Where the notices go; without an address the budget is kept and shown in the console only. */
  email?: string;
}

export class StageBudget extends Construct {
  readonly budget: CfnBudget;

  constructor(scope: Construct, id: string, props: StageBudgetProps) {
    super(scope, id);
    const { email } = props;
    this.budget = new CfnBudget(this, 'Monthly', {
      budget: {
        budgetName: budgetName(props.stage),
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyDollars ?? DEFAULT_MONTHLY_BUDGET_DOLLARS, unit: 'USD' },
        costFilters: stageCostFilter(props.stage),
      },
      notificationsWithSubscribers: email
        ? BUDGET_NOTICES.map(({ notificationType, percent }) => ({
            notification: {
              notificationType,
              comparisonOperator: 'GREATER_THAN',
              threshold: percent,
              thresholdType: 'PERCENTAGE',
            },
            subscribers: [{ subscriptionType: 'EMAIL', address: email }],
          }))
        : undefined,
    });
  }
}
