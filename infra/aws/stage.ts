/**
 * One stage as CloudFormation stacks, in the order `cdk deploy --all` deploys them:
 *   <stackName>-Edge        us-east-1, outside us-east-1 only: CloudFront's web ACL and, with the
 *                           stage's own domain, its certificate
 *   <stackName>             the stage's region: the product (the portal stack)
 *   <stackName>-Operations  the stage's region: the alarm topic, the alarms, the dashboard, the
 *                           budget, the version pruner (operations-stack.ts)
 *   <stackName>-EdgeAlarms  us-east-1, outside us-east-1 only: CloudFront's and WAF's alarms and
 *                           a topic there (edge-alarms-stack.ts); in us-east-1 they are the
 *                           operations stack's
 * Every stack is pinned to the stage's account and its region, so credentials for another
 * account cannot deploy them.
 */
import { type App, Aspects, type Stack } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EdgeStack } from './edge-stack';
import { ControlTowerBaseline } from './guard-rules';
import { KeepExceptAfterFailedCreate } from './keep-except-failed-create';
import { OperationsStack, webAclMetricName } from './operations-stack';
import { PortalStack } from './portal-stack';
import type { StageConfig } from './stage-config';

/** CloudFront reads web ACLs from this region only. */
export const EDGE_REGION = 'us-east-1';

export interface Stage {
  portal: PortalStack;
  operations: OperationsStack;
  edge?: EdgeStack;
  edgeAlarms?: EdgeAlarmsStack;
}

/** The stage's stacks by name and region, in deploy order (what the pipeline's roles are scoped to). */
export function stageStacks(config: Pick<StageConfig, 'stackName' | 'region'>): { name: string; region: string }[] {
  const crossRegion = config.region !== EDGE_REGION;
  return [
    ...(crossRegion ? [{ name: `${config.stackName}-Edge`, region: EDGE_REGION }] : []),
    { name: config.stackName, region: config.region },
    { name: `${config.stackName}-Operations`, region: config.region },
    ...(crossRegion ? [{ name: `${config.stackName}-EdgeAlarms`, region: EDGE_REGION }] : []),
  ];
}

export function buildStage(app: App, config: StageConfig, options: { webDist?: string } = {}): Stage {
  const env = { account: config.account, region: config.region };
  const edgeEnv = { account: config.account, region: EDGE_REGION };
  const tags = { 'aurum:stage': config.stage };
  const terminationProtection = config.production === true;
  const crossRegion = config.region !== EDGE_REGION;
  const edge = crossRegion
    ? new EdgeStack(app, `${config.stackName}-Edge`, {
        env: edgeEnv,
        crossRegionReferences: true,
        description: `Aurum client portal (${config.stage}): CloudFront web ACL${config.domain ? ' and certificate' : ''}`,
        tags,
        terminationProtection,
        metricPrefix: `aurum-${config.stage}`,
        stage: config.stage,
        domain: config.domain,
      })
    : undefined;
  const portal = new PortalStack(app, config.stackName, {
    env,
    crossRegionReferences: crossRegion,
    description: `Aurum client portal (${config.stage}): SPA, API, Cognito, DynamoDB, weekly growth`,
    tags,
    terminationProtection,
    config,
    webDist: options.webDist,
    siteWebAclArn: edge?.firewall.webAcl.attrArn,
    siteCertificate: edge?.certificate,
  });
  const operations = new OperationsStack(app, `${config.stackName}-Operations`, {
    env,
    description: `Aurum client portal (${config.stage}): alarms, dashboard, budget, version pruner`,
    tags,
    terminationProtection,
    config,
    portal,
    siteWebAcl: crossRegion ? undefined : siteWebAclOf(portal),
  });
  operations.addStackDependency(portal, 'watches the portal stack and reads its outputs');
  const edgeAlarms = edge
    ? new EdgeAlarmsStack(app, `${config.stackName}-EdgeAlarms`, {
        env: edgeEnv,
        crossRegionReferences: true,
        description: `Aurum client portal (${config.stage}): CloudFront and WAF alarms`,
        tags,
        terminationProtection,
        stage: config.stage,
        alarmEmail: config.alarmEmail,
        distributionId: portal.parts.site.distribution.distributionId,
        webAclMetricName: webAclMetricName(edge.firewall.webAcl),
      })
    : undefined;
  edgeAlarms?.addStackDependency(portal, "reads the distribution's id");
  const stacks: (Stack | undefined)[] = [edge, portal, operations, edgeAlarms];
  for (const stack of stacks) {
    if (!stack) continue;
    Aspects.of(stack).add(new ControlTowerBaseline());
    Aspects.of(stack).add(new KeepExceptAfterFailedCreate());
  }
  return { portal, operations, edge, edgeAlarms };
}

/** The site's web ACL when the portal stack makes it itself (a stage in us-east-1). */
function siteWebAclOf(portal: PortalStack): CfnWebACL {
  const acl = portal.parts.site.node.tryFindChild('Firewall')?.node.tryFindChild('Acl');
  if (!acl) throw new Error('a stage in us-east-1 makes its web ACL in the portal stack (site.ts): none found');
  return acl as CfnWebACL;
}
