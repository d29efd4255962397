// The log audit of issue 13: no token and no monetary value in what the service writes.

/** A token as issued: the prefix and 46 characters of its alphabet. */
const TOKEN = /svc_live_[A-Za-z0-9]{46}/;

export interface AuditFinding {
  line: string;
  why: string;
}

/**
 * The lines of `output` holding a token (by format, or any of `tokens` even without its prefix)
 * or any of `amounts` (monetary values the scenario sent or read, as JSON writes them).
 */
export function auditLogs(
  output: string,
  secrets: {
    tokens: readonly string[];
    amounts: readonly number[];
    /** Other secrets, found verbatim: passwords, invitation codes, session ids (issue 20). */
    others?: ReadonlyArray<{ what: string; value: string }>;
  },
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const bodies = secrets.tokens.map((token) => token.slice('svc_live_'.length));
  const amounts = secrets.amounts.map(String);
  for (const line of output.split('\n')) {
    if (TOKEN.test(line)) findings.push({ line, why: 'token' });
    else if (bodies.some((body) => line.includes(body)))
      findings.push({ line, why: 'token without its prefix' });
    const amount = amounts.find((value) => line.includes(value));
    if (amount) findings.push({ line, why: `monetary value ${amount}` });
    for (const other of secrets.others ?? [])
      if (line.includes(other.value)) findings.push({ line, why: other.what });
  }
  return findings;
}
