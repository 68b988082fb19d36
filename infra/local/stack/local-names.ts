/** The local stack's fixed names, where the CDK stack has a stage's own. */

/** The local stack's region: the local Cognito's, the handlers' and the S3 stand-in's signing scope. */
export const LOCAL_REGION = 'us-east-1';

/** The local exports bucket's name (the CDK stack's is generated). */
export const LOCAL_EXPORTS_BUCKET = 'aurum-exports';

/** The local documents bucket's name (statements and confirmations, write-once; the CDK stack's is generated). */
export const LOCAL_DOCUMENTS_BUCKET = 'aurum-documents';
