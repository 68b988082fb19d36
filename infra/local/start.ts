/** `npm start`: the local stack in the foreground until Ctrl-C (or SIGTERM). */
import './quiet-sdk';
import { startStack } from './stack';

const dataDir = process.env.DATA_DIR ?? '.local';
const port = Number(process.env.PORT ?? 3000);

const web = process.env.WEB === 'serve' || process.env.WEB === 'none' ? process.env.WEB : 'watch';
const stack = await startStack({ dataDir, port, seed: process.env.SEED !== 'false', web });
console.log(`Aurum local stack ready at ${stack.url}  (data: ${stack.dataDir})`);

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
