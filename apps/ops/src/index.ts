export { type CliIo, EXIT_FAILED, EXIT_OK, EXIT_USAGE, runCli } from './run.js';
