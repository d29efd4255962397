import { register } from 'node:module';

// Preloaded (`node --import`) into the write API by the crash tests (write-api-process.ts), never
// by the service: every import of '@factory/write-model' in the process then resolves to
// faulty-write-model.ts, whose store carries the fault the test asked for (issue 21 §4: the
// service's main and environment know of no fault).
register('./resolve-hook.ts', import.meta.url);
