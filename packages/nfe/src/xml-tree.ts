import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strictnessProblem } from './xml-strictness.js';

/** A parsed element: its children by name, attributes as `@_name`, text as `#text`. */
export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** An NF-e is at most a dozen levels deep; anything much deeper is hostile, not an invoice. */
const MAX_DEPTH = 40;

// Checked on the raw text, before any parser sees it: a DTD is where entity bombs and external
// entities live, so a document declaring one is refused outright, never expanded or resolved.
const DTD = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Every value stays text: CNPJs keep their leading zeros and decimals their exact digits.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only XML's predefined entities and character references remain (a DTD never gets here, and
  // strictnessProblem refuses any other name first), so decoding them is safe: `&amp;` in a
  // description reads `&`. htmlEntities is what makes the parser decode character references
  // (`&#65;`); the HTML names it would also know never reach it.
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'det',
  maxNestedTags: MAX_DEPTH,
  // No callback reads the path, and building it costs a third of the parse on a 990-item invoice.
  jPath: false,
});

export type XmlReading = { ok: true; root: XmlNode } | { ok: false; mensagem: string };

/** Reads a document into a tree, or says why it is not one we read. */
export function readXml(xml: string): XmlReading {
  if (DTD.test(xml)) return { ok: false, mensagem: 'o XML não pode ter DOCTYPE nem declaração de entidade' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    // The validator's own text is English and may quote the offending input: only where it is.
    return {
      ok: false,
      mensagem: `o XML não é bem formado (linha ${valid.err.line}, coluna ${valid.err.col})`,
    };
  }
  const strict = strictnessProblem(xml);
  if (strict) return { ok: false, mensagem: strict };
  try {
    const root = parser.parse(xml) as XmlNode;
    if (Object.keys(root).length !== 1) return { ok: false, mensagem: 'o XML deve ter um só elemento raiz' };
    return { ok: true, root };
  } catch (error) {
    // The parser throws on what the validator lets through, such as nesting past MAX_DEPTH.
    return { ok: false, mensagem: `o XML não pôde ser lido: ${(error as Error).message}` };
  }
}

export const isNode = (value: XmlValue | undefined): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The child element `name` when it is an element with children or attributes. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  return isNode(value) ? value : undefined;
}

/** The text of the child element `name` (an element holding attributes too gives its `#text`). */
export function text(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[name];
  if (typeof value === 'string') return value;
  if (isNode(value)) {
    const inner = value['#text'];
    return typeof inner === 'string' ? inner : '';
  }
  return undefined;
}

export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
}

/** The elements named `name` (declared repeatable to the parser), in document order. */
export function children(node: XmlNode | undefined, name: string): XmlValue[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
