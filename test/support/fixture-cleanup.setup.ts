import { runCleanupsAfterEachFile } from '../../packages/testing/src/after-test-file.js';

// Closes what the fixtures opened (pools, projectors, test databases) once each file is done.
runCleanupsAfterEachFile();
