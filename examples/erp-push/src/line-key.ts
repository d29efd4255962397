import { createHash } from 'node:crypto';

/**
 * The `Idempotency-Key` of one CSV line: `erp-` and a SHA-256 over the push's origin name, the
 * line number and the line's fields. The line number is in it because two equal lines are two
 * real movements (two deliveries of the same roll); the fields are, because a line corrected in
 * the ERP and exported again is a new movement, not a replay (the old key with a new body would
 * be 409 `chave_idempotencia_reutilizada`). The origin keeps two files' line 2 apart.
 * 68 characters of [a-z0-9-]: within the contract's 1 to 100 of `[A-Za-z0-9_.:-]`.
 */
export function lineKey(origem: string, linha: number, fields: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([origem, linha, fields]))
    .digest('hex');
  return `erp-${digest}`;
}
