/**
 * One stage as CloudFormation stacks: the portal stack in the stage's region and, when that is
 * not us-east-1, a small edge stack there for CloudFront's web ACL and, with the stage's own
 * domain, its certificate. Both are pinned to the stage's account and region, so credentials for
 * another account cannot deploy them.
 */
import { type App, Aspects } from 'aws-cdk-lib';
import { EdgeStack } from './edge-stack';
import { ControlTowerBaseline } from './guard-rules';
import { KeepExceptAfterFailedCreate } from './keep-except-failed-create';
import { PortalStack } from './portal-stack';
import type { StageConfig } from './stage-config';

/** CloudFront reads web ACLs from this region only. */
export const EDGE_REGION = 'us-east-1';

export interface Stage {
  portal: PortalStack;
  edge?: EdgeStack;
}

export function buildStage(app: App, config: StageConfig, options: { webDist?: string } = {}): Stage {
  const env = { account: config.account, region: config.region };
  const tags = { 'aurum:stage': config.stage };
  const crossRegion = config.region !== EDGE_REGION;
  const edge = crossRegion
    ? new EdgeStack(app, `${config.stackName}-Edge`, {
        env: { account: config.account, region: EDGE_REGION },
        crossRegionReferences: true,
        description: `Aurum client portal (${config.stage}): CloudFront web ACL${config.domain ? ' and certificate' : ''}`,
        tags,
        terminationProtection: config.production === true,
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
    terminationProtection: config.production === true,
    config,
    webDist: options.webDist,
    siteWebAclArn: edge?.firewall.webAcl.attrArn,
    siteCertificate: edge?.certificate,
  });
  for (const stack of [portal, edge]) {
    if (!stack) continue;
    Aspects.of(stack).add(new ControlTowerBaseline());
    Aspects.of(stack).add(new KeepExceptAfterFailedCreate());
  }
  return { portal, edge };
}
