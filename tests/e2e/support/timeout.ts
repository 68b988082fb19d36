// A file with a stack of its own starts a whole local stack in beforeAll.
jest.setTimeout(120_000);
