// The summary reporter's own run (see its test): a file that fails before any test is collected.
throw new Error('import failed on purpose');
