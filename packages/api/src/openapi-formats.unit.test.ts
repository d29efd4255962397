import { ORIGENS, TIPOS_MOVIMENTO, UFS } from '@factory/domain';
import { describe, expect, it } from 'vitest';
import { descricao } from './routes/descricao.js';
import { serviceDocument } from './service-description.js';

type Schema = Record<string, unknown>;
type Found = { name: string; path: string; schema: Schema };

/**
 * What a client may send, or the service answers, as free text: no format, enum or pattern says
 * more than "text", so a contract tool generating or checking any string is right. Each entry
 * says why.
 */
const FREE_TEXT: Record<string, string> = {
  cursor: 'opaque: only what a previous page answered is valid, which no format can say',
  proximo_cursor: "opaque: the next page's cursor, for the client to send back as it is",
  sku: 'a list filter matching the stored SKU exactly, and what a batch item sent, echoed in its result; the decider checks the stored one',
  familia: 'a name the company chooses',
  cnpj: 'sent with or without punctuation; the filter and the decider read the digits',
  nome: 'a name',
  contato_nome: 'a name',
  contato_telefone: 'written as people write phones; the decider counts the digits',
  email_xml: 'checked by the decider, whose rule is looser than JSON Schema format email',
  motivo: 'free words',
  referencia: "the client's own reference",
  unidade: "the company's units, configured per tenant",
  unidade_compra: "the company's units, configured per tenant",
  unidade_consumo: "the company's units, configured per tenant",
  ean: 'checked by the decider (GTIN check digit), which names the field; a batch item is refused alone',
  ncm: 'checked by the decider, which names the field; a batch item is refused alone',
  apelidos: 'aliases: any name the company uses',
  atributos: "the product's attributes: keys and values the company chooses",
  base_sku: 'the SKU of the group head, checked by the decider against the catalog',
  eixos: 'the names of the variation axes the company chooses',
  erro: "a batch item's refusal, in words (the specification's `erro` is text)",
  mensagem: 'an error in words, which may change (the code is `codigo`)',
  campo: 'the parameter, header or body key at fault, such as itens[2].qtd',
  fuso: "the company's IANA time zone; no JSON Schema format names one",
  prefixo: "the token's first 20 characters, to tell tokens apart",
  observacao: "a purchase order's note, free words",
  motivo_cancelamento: 'free words',
  codigo: "a supplier's own product code (cProd), any text the supplier uses",
  descricao: "the supplier's description of an invoice item (xProd)",
  xml: 'an NF-e document, checked by the receipt in the order compras.md gives',
};

/** Every string schema under `node`, named by its property (or `name` above any property). */
function stringsUnder(node: unknown, name: string, path: string, found: Found[] = []): Found[] {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) stringsUnder(child, name, `${path}[${i}]`, found);
  } else if (node !== null && typeof node === 'object') {
    const schema = node as Schema;
    const type = schema.type;
    if (type === 'string' || (Array.isArray(type) && type.includes('string')))
      found.push({ name, path, schema });
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples') continue;
      const inProperties = path.endsWith('.properties');
      stringsUnder(child, inProperties ? key : name, `${path}.${key}`, found);
    }
  }
  return found;
}

type Operation = { at: string; operation: Schema };

const operationsOf = (document: Schema): Operation[] =>
  Object.entries(document.paths as Record<string, Record<string, Schema>>).flatMap(([url, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      at: `${method.toUpperCase()} ${url}`,
      operation,
    })),
  );

/** Every string schema a client sends: query and path parameters, and request bodies. */
const sentStrings = (document: Schema): Found[] =>
  operationsOf(document).flatMap(({ at, operation }) => [
    ...((operation.parameters ?? []) as Schema[]).flatMap((parameter) =>
      stringsUnder(parameter.schema, String(parameter.name), `${at} ${parameter.in} ${parameter.name}`),
    ),
    ...stringsUnder(operation.requestBody, 'body', `${at} body`),
  ]);

/**
 * Every string schema the service answers: each response's body, and the shared schemas (Erro).
 * Not the description's own body: an OpenAPI document, which its own specification describes.
 */
const answeredStrings = (document: Schema): Found[] => [
  ...operationsOf(document)
    .filter(({ at }) => at !== `GET ${descricao.url}`)
    .flatMap(({ at, operation }) =>
      Object.entries(operation.responses as Record<string, Schema>).flatMap(([status, response]) =>
        stringsUnder(response.content, 'answer', `${at} ${status}`),
      ),
    ),
  ...stringsUnder(document.components, 'components', 'components'),
];

const says = (schema: Schema) =>
  'format' in schema || 'enum' in schema || 'pattern' in schema || 'const' in schema;

const document = serviceDocument();
const sent = sentStrings(document);
const answered = answeredStrings(document);
const undescribed = (found: Found[]) =>
  found.filter(({ name, schema }) => !says(schema) && !(name in FREE_TEXT)).map(({ path }) => path);

describe('the contract describes what a client sends', () => {
  it('gives every string parameter and body field a format, an enum or a pattern, or names it free text', () => {
    expect(undescribed(sent)).toEqual([]);
  });

  it('finds what it checks: the dates, instants, ids and enums of the specification', () => {
    const schemaAt = (path: string) => sent.find((found) => found.path === path)?.schema;
    expect(schemaAt('GET /v1/estoque/posicao query dia')).toMatchObject({ format: 'date' });
    expect(schemaAt('GET /v1/estoque/posicao query em')).toMatchObject({ format: 'date-time' });
    expect(schemaAt('PUT /v1/producao/plano/{dia} path dia')).toMatchObject({ format: 'date' });
    const tipo = sent.find(
      (found) => found.path.startsWith('POST /v1/estoque/movimentos body') && found.name === 'tipo',
    );
    expect(tipo?.schema.enum).toEqual(['entrada_manual', 'ajuste', 'perda', 'saldo_inicial']);
    expect(sent.length).toBeGreaterThan(50);
  });
});

describe('the contract describes what the service answers', () => {
  it('gives every string of every answer a format, an enum or a pattern, or names it free text', () => {
    expect(undescribed(answered)).toEqual([]);
  });

  it('finds what it checks: the dates, instants, ids and enums of the specification', () => {
    const movement = (name: string) =>
      answered.find((found) => found.path.startsWith('GET /v1/estoque/movimentos 200') && found.name === name)
        ?.schema;
    expect(movement('tipo')?.enum).toEqual([...TIPOS_MOVIMENTO]);
    expect(movement('origem')?.enum).toEqual([...ORIGENS]);
    expect(movement('criado_em')).toMatchObject({ format: 'date-time' });
    expect(movement('insumo_id')).toMatchObject({ format: 'uuid' });
    const named = (at: string, name: string) =>
      answered.filter((found) => found.path.startsWith(at) && found.name === name).map((f) => f.schema);
    expect(named('GET /v1/producao/plano 200', 'dia')).toEqual([expect.objectContaining({ format: 'date' })]);
    expect(named('GET /v1/fornecedores 200', 'uf')).toEqual([expect.objectContaining({ enum: [...UFS] })]);
    expect(named('GET /v1/produtos 200', 'excluido_em')).toEqual([
      expect.objectContaining({ format: 'date-time' }),
    ]);
    expect(answered.length).toBeGreaterThan(100);
  });
});

describe('the free-text list', () => {
  it('is short, and every entry is in use', () => {
    const used = new Set(
      [...sent, ...answered].filter(({ schema }) => !says(schema)).map(({ name }) => name),
    );
    expect(Object.keys(FREE_TEXT).filter((name) => !used.has(name))).toEqual([]);
  });
});
