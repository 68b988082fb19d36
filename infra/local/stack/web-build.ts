/**
 * `npm start`'s web app: built, and built again on every change (web/build.ts). The stack opens
 * its port only once the first build is written: a browser never meets a half-built app.
 */
export interface WebBuild {
  /** Resolves once the first build is written (or has failed: the error is printed). */
  firstBuild: Promise<void>;
  stop(): Promise<void>;
}

export async function watchWebBuild(): Promise<WebBuild> {
  const { watchWeb, printReport } = await import('../../../web/build');
  let built: () => void = () => undefined;
  const firstBuild = new Promise<void>((resolveBuilt) => {
    built = resolveBuilt;
  });
  let first = true;
  const watcher = await watchWeb((report) => {
    if (report instanceof Error) console.error(`web build failed: ${report.message}`);
    else if (first) printReport(report);
    else console.log('web rebuilt');
    first = false;
    built();
  });
  return { firstBuild, stop: () => watcher.stop() };
}
