// Each file starts a whole local stack and a browser in beforeAll.
jest.setTimeout(120_000);
