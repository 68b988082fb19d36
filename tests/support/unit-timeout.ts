// Unit files share the machine with the integration stacks in one run: a test that moves megabytes
// (the S3 stand-in's 11 MB multipart upload) took over Jest's default 5 s there. A hung test still
// fails, after 30 s. (A project's own `testTimeout` is not read: Jest takes that option from the
// run's configuration alone, so it is set here, per file.)
jest.setTimeout(30_000);
