/** Builds the SPA once for the whole end-to-end run; every test stack serves this build. */
export default async function globalSetup(): Promise<void> {
  const { buildWeb, printReport } = await import('../../../web/build');
  const report = await buildWeb();
  printReport(report, (line) => process.stderr.write(`${line}\n`));
}
