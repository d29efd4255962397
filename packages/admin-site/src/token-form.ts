import { isTokenValidity, type TokenValidity } from '@factory/domain';
import { READ_ONLY_RESOURCES, READ_WRITE_RESOURCES } from './present.js';

export const TOKEN_NAME_MAX = 100;

/** What was typed, kept to fill the form again after a refusal. */
export interface TokenFormValues {
  nome: string;
  /** Per resource: `nenhum`, `ler` or `escrever`. */
  acesso: Record<string, string>;
  custos: boolean;
  validade: string;
}

export type TokenFormResult =
  | { ok: true; nome: string; escopos: string[]; validade: TokenValidity; values: TokenFormValues }
  | { ok: false; errors: Record<string, string>; values: TokenFormValues };

export const EMPTY_TOKEN_FORM: TokenFormValues = {
  nome: '',
  acesso: Object.fromEntries([...READ_WRITE_RESOURCES, ...READ_ONLY_RESOURCES].map((r) => [r, 'nenhum'])),
  custos: false,
  validade: '365',
};

/** A field sent once as text; a repeated or missing field is undefined. */
export function textField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** The new-token form, checked field by field; each refusal is named beside its field. */
export function parseTokenForm(body: unknown): TokenFormResult {
  const errors: Record<string, string> = {};
  const rawName = textField(body, 'nome') ?? '';
  const nome = rawName.trim();
  if (nome.length === 0) errors.nome = 'Informe um nome.';
  else if (nome.length > TOKEN_NAME_MAX)
    errors.nome = `O nome pode ter no máximo ${TOKEN_NAME_MAX} caracteres.`;
  // Control characters and broken UTF-16 (a lone surrogate) cannot be stored as text.
  else if (/\p{Cc}/u.test(nome) || /\p{Cs}/u.test(nome)) errors.nome = 'O nome tem caracteres inválidos.';

  const acesso: Record<string, string> = {};
  const escopos: string[] = [];
  for (const resource of READ_WRITE_RESOURCES) {
    const choice = textField(body, `acesso_${resource}`) ?? 'nenhum';
    acesso[resource] = choice;
    if (choice === 'ler') escopos.push(`${resource}:ler`);
    else if (choice === 'escrever') escopos.push(`${resource}:ler`, `${resource}:escrever`);
    else if (choice !== 'nenhum') errors[`acesso_${resource}`] = 'Escolha Nenhum, Ler ou Ler e escrever.';
  }
  for (const resource of READ_ONLY_RESOURCES) {
    const choice = textField(body, `acesso_${resource}`) ?? 'nenhum';
    acesso[resource] = choice;
    if (choice === 'ler') escopos.push(`${resource}:ler`);
    else if (choice !== 'nenhum') errors[`acesso_${resource}`] = 'Escolha Nenhum ou Ler.';
  }
  const custosField = textField(body, 'custos');
  const custos = custosField === 'sim';
  if (custosField !== undefined && !custos) errors.custos = 'Valor inválido.';
  if (custos) escopos.push('custos:ler');

  const validadeText = textField(body, 'validade') ?? '';
  const validade = validadeText === 'sem' ? 'sem' : Number(validadeText);
  if (!/^(30|90|365|sem)$/.test(validadeText) || !isTokenValidity(validade))
    errors.validade = 'Escolha 30, 90 ou 365 dias, ou sem validade.';

  const values = { nome: rawName.slice(0, TOKEN_NAME_MAX * 2), acesso, custos, validade: validadeText };
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, nome, escopos, validade: validade as TokenValidity, values };
}
