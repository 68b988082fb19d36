import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; the service name and level come from POWERTOOLS_* variables when set. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'aurum-portal' });
