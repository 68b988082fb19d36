/**
 * A web ACL's requests logged to CloudWatch Logs: what each rule matched and what it did, per
 * request, so operators can see what a counting rule would block before it blocks (docs/operations.md,
 * "WAF"). WAF takes only log groups named aws-waf-logs-...; what a request carries that grants
 * access (the Authorization header, cookies, the API's pass to Cognito) is redacted before it is written.
 */
import { Arn, ArnFormat, Aws, Fn, Stack } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type CfnWebACL, CfnLoggingConfiguration } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { logsKey } from './logs-key';

/** WAF refuses a CloudWatch Logs destination whose name does not start so. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

/** Headers no WAF log keeps: credentials of users, and of the API's functions. */
export const ALWAYS_REDACTED_HEADERS = ['authorization', 'cookie'] as const;

/** Kept as long as the functions' logs: what the edge refused is part of an incident's record. */
export const WAF_LOG_RETENTION = RetentionDays.ONE_YEAR;

export class WafLogging extends Construct {
  readonly logGroup: LogGroup;

  /** `name`: the log group's name after the prefix, before the stack's id; `redactHeaders`: more headers to redact than ALWAYS_REDACTED_HEADERS. */
  constructor(
    scope: Construct,
    id: string,
    props: { webAcl: CfnWebACL; name: string; redactHeaders?: readonly string[] },
  ) {
    super(scope, id);
    // Kept after its stack is deleted, so its name carries the stack's own id (20 of its hex
    // digits, new with every create): a stage made again gets a log group beside the kept one.
    const stackUuid = Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID)));
    const logGroupName = Fn.join('', [
      `${WAF_LOG_GROUP_PREFIX}${props.name}-`,
      Fn.select(0, stackUuid),
      Fn.select(4, stackUuid),
    ]);
    this.logGroup = new LogGroup(this, 'Logs', {
      logGroupName,
      retention: WAF_LOG_RETENTION,
      encryptionKey: logsKey(this),
    });
    // The log group's own ARN without the ':*' of its Arn attribute, which WAF refuses.
    const destination = Arn.format(
      { service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME },
      Stack.of(this),
    );
    const config = new CfnLoggingConfiguration(this, 'Config', {
      resourceArn: props.webAcl.attrArn,
      logDestinationConfigs: [destination],
      redactedFields: [...ALWAYS_REDACTED_HEADERS, ...(props.redactHeaders ?? [])].map((name) => ({
        singleHeader: { Name: name },
      })),
    });
    config.node.addDependency(this.logGroup);
  }
}
