/**
 * The gateway as the stack sets it up: the routes' handlers, the weekly job's and the monthly
 * statements job's state machines run here (each step as the job's Lambda, with its table use),
 * the built SPA when there is one, and the tests' switch that takes a route's table access away
 * (LOCAL_IAM_DENY=<route>,...) to prove the enforcement is live (never widening it).
 */
import { join } from 'node:path';
import {
  MONTHLY_STATEMENTS_TABLE_USE,
  NO_TABLE_USE,
  routeTableUse,
  WEEKLY_GROWTH_TABLE_USE,
} from '../../../lambdas/table-uses';
import { type ApiHandler, type CognitoTarget, createGateway } from '../gateway';
import type { Mailbox } from '../mailbox';
import { runAs } from '../table-permissions';
import { localSecurityHeaders, staticFiles } from '../web-server';
import { runWeeklyGrowthLocally } from '../weekly-growth-run';
import { type LocalStatementsRunOptions, runMonthlyStatementsLocally } from '../monthly-statements-run';
import type { ClientAgreement } from '../../../shared/client-agreement';

export interface GatewaySetUp {
  port: number;
  cognito: CognitoTarget;
  handlers: ReadonlyMap<string, ApiHandler>;
  mailbox: Mailbox;
  originSecret: string;
  /** Whether the gateway serves web/dist. */
  serveWeb: boolean;
  /** The stack's client agreement, in config.json. */
  clientAgreement: ClientAgreement;
}

export function setUpGateway(setUp: GatewaySetUp): ReturnType<typeof createGateway> {
  const deniedTable = new Set((process.env.LOCAL_IAM_DENY ?? '').split(',').filter(Boolean));
  return createGateway({
    port: setUp.port,
    cognito: setUp.cognito,
    handlers: setUp.handlers,
    mailbox: setUp.mailbox,
    runWeeklyGrowth: (now) =>
      runWeeklyGrowthLocally(now, {
        around: (work) => runAs('WeeklyGrowth', WEEKLY_GROWTH_TABLE_USE, work),
        ...(process.env.LOCAL_WEEKLY_STEP_BUDGET_MS
          ? { stepBudgetMs: Number(process.env.LOCAL_WEEKLY_STEP_BUDGET_MS) }
          : {}),
      }),
    runMonthlyStatements: (time) => runMonthlyStatementsLocally(time, monthlyRunOptions()),
    originSecret: setUp.originSecret,
    clientAgreement: setUp.clientAgreement,
    tableUseOf: (route) => (deniedTable.has(route.name) ? NO_TABLE_USE : routeTableUse(route)),
    staticFiles: setUp.serveWeb
      ? staticFiles(join(process.cwd(), 'web', 'dist'), localSecurityHeaders(setUp.cognito.hostedUi?.origin))
      : undefined,
  });
}

/**
 * The monthly job's local run: as the job's Lambda (its table use), and with the step budget and
 * page size the tests make small (LOCAL_MONTHLY_STEP_BUDGET_MS, MONTHLY_STATEMENTS_PAGE_SIZE) to
 * run the state machine's cursor loop.
 */
export function monthlyRunOptions(): LocalStatementsRunOptions {
  const budget = Number(process.env.LOCAL_MONTHLY_STEP_BUDGET_MS);
  const pageSize = Number(process.env.MONTHLY_STATEMENTS_PAGE_SIZE);
  return {
    around: (work) => runAs('MonthlyStatements', MONTHLY_STATEMENTS_TABLE_USE, work),
    ...(process.env.LOCAL_MONTHLY_STEP_BUDGET_MS && Number.isFinite(budget) ? { stepBudgetMs: budget } : {}),
    ...(Number.isInteger(pageSize) && pageSize > 0 ? { pageSize } : {}),
  };
}
