// Each file starts a whole local stack (a JVM among it) in beforeAll: more than Jest's default 5 s.
jest.setTimeout(90_000);

// Tests run on Node 20; the SDK's notice that 2027 releases need Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
