/**
 * `condicao_pagamento`: the day of each instalment, whole days >= 0 in strictly ascending
 * order (`[0]` is cash, `[30, 60, 90]` three instalments). At least one instalment: a
 * supplier without terms is `null`, never `[]`, so there is one way to say "none".
 */
export function isValidPaymentTerms(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  return value.every(
    (day, i) => Number.isSafeInteger(day) && day >= 0 && (i === 0 || day > (value[i - 1] as number)),
  );
}
