/**
 * The NF-e access key (chave de acesso): 44 characters, `cUF(2) AAMM(4) CNPJ(14) mod(2)
 * serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1)`. The issuer's CNPJ part may hold capital letters
 * (the alphanumeric CNPJ); every other character is a digit.
 */
export const ACCESS_KEY_PATTERN = /^\d{6}[0-9A-Z]{14}\d{24}$/;

/**
 * Module-11 check digit of the first 43 characters, as compras.md defines it: weights 2 to 9
 * from the right, repeating; each character valued as its char code minus 48 (so digits keep
 * their value and 'A' counts 17); a remainder below 2 gives 0, else 11 minus it.
 */
export function accessKeyCheckDigit(first43: string): number {
  if (first43.length !== 43) throw new RangeError('an access key has 43 characters before its check digit');
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Why a text is not a valid access key, or null when it is one. */
export function accessKeyProblem(key: string): string | null {
  if (!ACCESS_KEY_PATTERN.test(key)) {
    return 'a chave de acesso deve ter 44 caracteres: dígitos, ou letras maiúsculas no CNPJ do emitente';
  }
  if (accessKeyCheckDigit(key.slice(0, 43)) !== Number(key[43])) {
    return 'o dígito verificador da chave de acesso não confere';
  }
  return null;
}

export type AccessKeyParts = {
  /** IBGE code of the issuer's state, 2 digits. */
  cUF: string;
  /** Year and month of issue, `AAMM`. */
  aamm: string;
  cnpj: string;
  modelo: number;
  serie: number;
  numero: number;
  tpEmis: number;
  /** The issuer's random code, 8 digits. */
  cNF: string;
};

/** The key of those parts, its check digit computed. */
export function buildAccessKey(parts: AccessKeyParts): string {
  const first43 = [
    parts.cUF.padStart(2, '0'),
    parts.aamm,
    parts.cnpj,
    String(parts.modelo).padStart(2, '0'),
    String(parts.serie).padStart(3, '0'),
    String(parts.numero).padStart(9, '0'),
    String(parts.tpEmis),
    parts.cNF.padStart(8, '0'),
  ].join('');
  if (first43.length !== 43) throw new RangeError('access key parts do not make 43 characters');
  return `${first43}${accessKeyCheckDigit(first43)}`;
}
