/**
 * What XML 1.0 forbids that fast-xml-parser's validator lets through (it takes an undeclared
 * entity reference, a NUL or a lone surrogate as text, and a second root element as a sibling).
 * Hand-written because the maintained alternatives either expand DTDs or leave these to the
 * caller too; each rule is one line of the XML 1.0 grammar.
 */

// Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; in a JS
// string, astral characters are surrogate pairs, so only unpaired surrogates are off.
const ILLEGAL_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Where `&` means nothing: CDATA sections and comments (whose text is never a reference).
const LITERAL_SECTIONS = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g;

const REFERENCE = /&([^;&<>\s]*);?/g;
const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** Why the text breaks those rules, or null. */
export function strictnessProblem(xml: string): string | null {
  const illegal = ILLEGAL_CHAR.exec(xml);
  if (illegal) {
    const code = illegal[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return `o XML tem um caractere que o XML não admite (U+${code})`;
  }
  for (const match of xml.replace(LITERAL_SECTIONS, '').matchAll(REFERENCE)) {
    const [whole, name = ''] = match;
    if (!whole.endsWith(';')) continue; // a bare '&' is the validator's to refuse
    if (PREDEFINED.has(name)) continue;
    const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (numeric && isXmlChar(numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2]))) continue;
    return `o XML tem uma referência que não é de um caractere válido nem uma entidade predefinida: ${whole.slice(0, 20)}`;
  }
  return null;
}
