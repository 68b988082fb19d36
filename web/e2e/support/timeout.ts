// Each file starts a whole local stack and a browser in beforeAll.
jest.setTimeout(120_000);

// Tests run on Node 20; the SDK's notice that 2027 releases need Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
