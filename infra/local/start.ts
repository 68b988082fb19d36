/** `npm start`: the local stack in the foreground until Ctrl-C (or SIGTERM). */
import {
  DEMO_ADMIN,
  DEMO_ADMIN_CODE_COMMAND,
  DEMO_CHECKER,
  DEMO_PASSWORD,
  demoAdminTotp,
  demoCheckerTotp,
} from './seed';
import { startStack } from './stack';
import { DEMO_GOOGLE_ACCOUNTS } from './google/demo-accounts';

// The Lambdas run on Node 24 in AWS; another Node here would test another runtime.
const REQUIRED_NODE_MAJOR = '24';
if (process.versions.node.split('.')[0] !== REQUIRED_NODE_MAJOR) {
  console.error(
    `npm start needs Node.js ${REQUIRED_NODE_MAJOR} (.nvmrc), the Lambdas' runtime; this is ${process.version}.`,
  );
  console.error('bash infra/tools/install-system-deps.sh installs it.');
  process.exit(1);
}

const dataDir = process.env.DATA_DIR ?? '.local';
const port = Number(process.env.PORT ?? 3000);

const web = process.env.WEB === 'serve' || process.env.WEB === 'none' ? process.env.WEB : 'watch';
const seed = process.env.SEED !== 'false';
const stack = await startStack({ dataDir, port, seed, web });
console.log(`Aurum local stack ready at ${stack.url}  (Node ${process.version}, data: ${stack.dataDir})`);
if (seed) {
  const totp = demoAdminTotp();
  console.log(
    [
      `Demo users (made when a DATA_DIR is first seeded), password ${DEMO_PASSWORD}:`,
      `  clients  alice@example.com, bob@example.com`,
      `  admin    ${DEMO_ADMIN}, then an authenticator code (two-factor sign-in is on)`,
      `           secret  ${totp.secret}`,
      `           app     ${totp.uri}`,
      `           code    ${DEMO_ADMIN_CODE_COMMAND}`,
      `  checker  ${DEMO_CHECKER}, the second admin who approves moves over the four-eyes threshold: secret ${demoCheckerTotp().secret}`,
    ].join('\n'),
  );
}

if (stack.cognito.hostedUi) {
  console.log(
    [
      `"Continue with Google" signs in through a local stand-in for Google: pick ${DEMO_GOOGLE_ACCOUNTS.map((a) => a.email).join(', ')}`,
      `  (or Cancel). Its hosted UI is ${stack.cognito.hostedUi.origin}, with a certificate of this data folder's own:`,
      `  the first time, your browser warns about it; choose to proceed to localhost (see docs/local-stack.md, "Google sign-in locally").`,
    ].join('\n'),
  );
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the local stack`);
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
