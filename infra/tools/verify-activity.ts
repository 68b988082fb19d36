/**
 * `npm run admin -- verify-activity [--month yyyy-mm | --all]`: checks the activity log against its
 * seals (lambdas/lib/data/activity-verify.ts), the current month by default, and names the first
 * broken entry: its id, time, kind and what is wrong. Exits 1 on a break, 2 on bad arguments.
 * Each run is recorded where the console's Activity page shows it (when, by whom, the result).
 *   locally (default): the table of DATA_DIR (default .local), whether `npm start` runs or not;
 *   in AWS: `--table <name> --region <region>`, with the operator's AWS credentials (who need
 *   Query on the table and PutItem on the ACTIVITYSEAL#CHECK item).
 */
import { parseArgs } from 'node:util';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { activityProblemLabels } from '../../shared/activity-integrity';
import {
  type ActivityBreak,
  allActivityMonths,
  recordVerification,
  verifyMonths,
} from '../../lambdas/lib/data/activity-verify';
import { activityKeys } from '../../lambdas/lib/data/table';
import { configureRuntime } from '../../lambdas/lib/runtime/runtime';
import { localOperator } from './admin-change';
import { withTableAt } from './tool-table';

const usage =
  'usage: npm run admin -- verify-activity [--month <yyyy-mm> | --all] [--table <name> --region <region>] [--data-dir <folder>]';

interface VerifyArgs {
  months: string[];
  target: { table?: string; region?: string; dataDir?: string };
}

function parse(args: string[], now: number): VerifyArgs | undefined {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        month: { type: 'string' },
        all: { type: 'boolean' },
        table: { type: 'string' },
        region: { type: 'string' },
        'data-dir': { type: 'string' },
      },
    });
    const region = values.region ?? process.env.AWS_REGION;
    const targetFits =
      values.table === undefined
        ? values.region === undefined
        : values['data-dir'] === undefined && region !== undefined;
    const month = values.month;
    if (
      positionals.length > 0 ||
      !targetFits ||
      (month !== undefined && (values.all || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)))
    )
      return undefined;
    const months = values.all
      ? allActivityMonths(now)
      : [month ? `${activityKeys.prefix}${month}` : activityKeys.month(now)];
    return {
      months,
      target: values.table === undefined ? { dataDir: values['data-dir'] } : { table: values.table, region },
    };
  } catch {
    return undefined;
  }
}

async function operatorName(inAws: boolean, region: string | undefined): Promise<string> {
  if (!inAws) return localOperator();
  const sts = new STSClient({ region });
  try {
    return (await sts.send(new GetCallerIdentityCommand({}))).Arn ?? 'unknown AWS caller';
  } finally {
    sts.destroy();
  }
}

const monthName = (month: string) => month.slice(activityKeys.prefix.length);

export function describeBreak(found: ActivityBreak): string {
  const at = found.at !== undefined && Number.isFinite(found.at) ? new Date(found.at).toISOString() : 'unknown time';
  const what = found.entryId
    ? `entry ${found.entryId} (${at}${found.kind ? `, ${found.kind}` : ''})`
    : `the month's seals`;
  return `${what}: ${found.detail || activityProblemLabels[found.problem]}`;
}

/** Runs the command; its exit code. */
export async function verifyActivityCommand(args: string[]): Promise<number> {
  const now = Date.now();
  const parsed = parse(args, now);
  if (!parsed) {
    console.error(usage);
    return 2;
  }
  const by = await operatorName(parsed.target.table !== undefined, parsed.target.region);
  return withTableAt(parsed.target, async ({ tableName, region, endpoint, credentials }) => {
    configureRuntime(endpoint ? { tableName, region, dynamoEndpoint: endpoint, credentials } : { tableName, region });
    const result = await verifyMonths(parsed.months, now);
    await recordVerification(result, by, now);
    const months = parsed.months.map(monthName);
    const span = months.length === 1 ? months[0] : `${months[0]} to ${months[months.length - 1]}`;
    if (!result.firstBreak) {
      console.log(`Activity log intact: ${result.entries} entries checked (${span}).`);
      return 0;
    }
    console.log(
      `Activity log BROKEN in ${monthName(result.firstBreak.month)}: first broken ${describeBreak(result.firstBreak)}. ${result.breaks} problem(s) in ${span}.`,
    );
    return 1;
  });
}
