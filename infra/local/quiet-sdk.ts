// Imported first by the local entry points: the AWS SDK warns that releases after January 2027
// need Node 22. The Lambdas run on the current Lambda Node runtime; locally the warning is noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
