import { buildOpenApiDocument, RouteCatalog } from '@factory/http';
import { describe, expect, it } from 'vitest';
import { readRoutes } from './routes/read-routes.js';
import { writeRoutes } from './routes/write-routes.js';

type Schema = Record<string, unknown>;
type Found = { name: string; path: string; schema: Schema };

/**
 * What a client may send as free text: no format, enum or pattern says more than "text", so a
 * contract tool generating any string is right. Each entry says why.
 */
const FREE_TEXT: Record<string, string> = {
  cursor: 'opaque: only what a previous page answered is valid, which no format can say',
  sku: 'a list filter matching the stored SKU exactly; any text just finds nothing',
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
};

/** Every string schema a client sends: query and path parameters, and request bodies. */
function inputStrings(document: Schema): Found[] {
  const found: Found[] = [];
  const walk = (node: unknown, name: string, path: string) => {
    if (Array.isArray(node)) {
      for (const [i, child] of node.entries()) walk(child, name, `${path}[${i}]`);
    } else if (node !== null && typeof node === 'object') {
      const schema = node as Schema;
      const type = schema.type;
      if (type === 'string' || (Array.isArray(type) && type.includes('string')))
        found.push({ name, path, schema });
      for (const [key, child] of Object.entries(schema)) {
        if (key === 'example' || key === 'examples') continue;
        const inProperties = path.endsWith('.properties');
        walk(child, inProperties ? key : name, `${path}.${key}`);
      }
    }
  };
  const paths = document.paths as Record<string, Record<string, Schema>>;
  for (const [url, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const at = `${method.toUpperCase()} ${url}`;
      for (const parameter of (operation.parameters ?? []) as Schema[])
        walk(parameter.schema, String(parameter.name), `${at} ${parameter.in} ${parameter.name}`);
      walk(operation.requestBody, 'body', `${at} body`);
    }
  }
  return found;
}

const says = (schema: Schema) =>
  'format' in schema || 'enum' in schema || 'pattern' in schema || 'const' in schema;

const document = buildOpenApiDocument(RouteCatalog.of([...readRoutes, ...writeRoutes]));

describe('the contract describes what a client sends', () => {
  const inputs = inputStrings(document);

  it('gives every string parameter and body field a format, an enum or a pattern, or names it free text', () => {
    const undescribed = inputs.filter(({ name, schema }) => !says(schema) && !(name in FREE_TEXT));
    expect(undescribed.map(({ path }) => path)).toEqual([]);
  });

  it('finds what it checks: the dates, instants, ids and enums of the specification', () => {
    const schemaAt = (path: string) => inputs.find((found) => found.path === path)?.schema;
    expect(schemaAt('GET /v1/estoque/posicao query dia')).toMatchObject({ format: 'date' });
    expect(schemaAt('GET /v1/estoque/posicao query em')).toMatchObject({ format: 'date-time' });
    expect(schemaAt('PUT /v1/producao/plano/{dia} path dia')).toMatchObject({ format: 'date' });
    const tipo = inputs.find(
      (found) => found.path.startsWith('POST /v1/estoque/movimentos body') && found.name === 'tipo',
    );
    expect(tipo?.schema.enum).toEqual(['entrada_manual', 'ajuste', 'perda', 'saldo_inicial']);
    expect(inputs.length).toBeGreaterThan(50);
  });

  it('keeps the free-text list short and every entry in use', () => {
    const used = new Set(inputs.filter(({ schema }) => !says(schema)).map(({ name }) => name));
    expect(Object.keys(FREE_TEXT).filter((name) => !used.has(name))).toEqual([]);
  });
});
