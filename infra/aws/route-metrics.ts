/**
 * The HTTP API's metrics for one route, as API Gateway publishes them once the stage's detailed
 * metrics are on (api.ts): namespace AWS/ApiGateway, dimensions ApiId, Stage, Method and Resource
 * (the route's path as the route table writes it, `{id}` and all). The dashboard graphs them and
 * the canary releases alarm on them, so both read the same series.
 */
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { RouteDef } from '../../shared/api';

/** The API's one stage: every route is served from it (api.ts). */
export const API_STAGE_NAME = '$default';

/** What API Gateway counts per route: answers by status class, requests, and latency (ms). */
export type RouteMetricName = '4xx' | '5xx' | 'Count' | 'Latency' | 'IntegrationLatency';

export interface RouteMetricOptions {
  /** `Sum` for counts, `p50`/`p99` for latency. */
  statistic: string;
  period?: Duration;
}

export function routeMetric(
  api: IHttpApi,
  route: Pick<RouteDef, 'name' | 'method' | 'path'>,
  metricName: RouteMetricName,
  options: RouteMetricOptions,
): Metric {
  return new Metric({
    namespace: 'AWS/ApiGateway',
    metricName,
    dimensionsMap: { ApiId: api.apiId, Stage: API_STAGE_NAME, Method: route.method, Resource: route.path },
    statistic: options.statistic,
    period: options.period ?? Duration.minutes(5),
    label: route.name,
  });
}
