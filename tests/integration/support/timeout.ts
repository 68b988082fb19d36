// Each file starts a whole local stack (a JVM among it) in beforeAll: more than Jest's default 5 s.
jest.setTimeout(90_000);
