/**
 * Distinct values numbered from 1 in order of first use, the numbers being subscripts of the
 * `values` array in PostgreSQL: a column that repeats a few values (a batch's companies, items,
 * locations) travels as the values once and a small number per row.
 */
export class Numbering {
  readonly values: string[] = [];
  readonly #numbers = new Map<string, number>();

  numberOf(value: string): number {
    let number = this.#numbers.get(value);
    if (number === undefined) {
      number = this.values.push(value);
      this.#numbers.set(value, number);
    }
    return number;
  }
}
