import { describe, expect, it } from 'vitest';
import { auditLogs } from './log-audit.js';

const TOKEN = `svc_live_${'Ab3'.repeat(15)}x`;

describe('log audit', () => {
  it('finds tokens, amounts and the other secrets it is given, and passes clean lines', () => {
    const output = [
      '{"msg":"clean"}',
      `{"msg":"${TOKEN}"}`,
      `{"msg":"${TOKEN.slice(9)}"}`,
      '{"custo":7391.4187}',
      '{"path":"/admin/convite/CODIGO-SECRETO"}',
    ].join('\n');
    const findings = auditLogs(output, {
      tokens: [TOKEN],
      amounts: [7391.4187],
      others: [{ what: 'invitation code', value: 'CODIGO-SECRETO' }],
    });
    expect(findings.map((f) => f.why)).toEqual([
      'token',
      'token without its prefix',
      'monetary value 7391.4187',
      'invitation code',
    ]);
  });
});
