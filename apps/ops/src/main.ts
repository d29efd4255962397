import { runCli } from './run.js';

// Ctrl-C: commands that run long stop at a consistent point (CommandContext.signal); a second
// Ctrl-C is Node's default, an immediate stop.
const interrupted = new AbortController();
process.once('SIGINT', () => interrupted.abort());

const code = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  terminal: process.stderr.isTTY ? process.stderr : null,
  signal: interrupted.signal,
});

// Exit explicitly, once both streams are flushed: a pool or timer left open must not keep a
// finished command running.
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
