export {
  type JobContext,
  JobInterrupted,
  type JobKind,
  type JobLog,
  type JobRunner,
  type JobSchedule,
} from './job-kind.js';
export { queuePrefixFor } from './queue-prefix.js';
export { type JobRunnerOptions, startJobRunner } from './start-job-runner.js';
