import { runCleanupsAfterEachFile } from '../../packages/database/test/after-test-file.js';

// Closes what the fixtures opened (pools, projectors, test databases) once each file is done.
runCleanupsAfterEachFile();
