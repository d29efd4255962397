export {
  ACCESS_KEY_PATTERN,
  type AccessKeyParts,
  accessKeyCheckDigit,
  accessKeyProblem,
  buildAccessKey,
} from './access-key.js';
export {
  type GeneratedIcms,
  type GeneratedItem,
  type GeneratedNfe,
  type GenerateNfeInput,
  generateNfe,
} from './generate-nfe.js';
export { MAX_ITENS_NFE, type ParseNfeOptions, parseNfe } from './parse-nfe.js';
