// biome-ignore-all lint/suspicious/noThenProperty: Spectral declares what a rule checks under `then`
import { createRulesetFunction, type RulesetDefinition } from '@stoplight/spectral-core';
import { truthy } from '@stoplight/spectral-functions';
import { oas } from '@stoplight/spectral-rulesets';

interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string }>;
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

/**
 * The statuses an operation can answer, read from the document alone (on purpose not from the
 * builder's own code): a token is checked, limited and needs the database; parameters and
 * bodies can be refused; a path names a record that may not exist.
 */
function statusesItCanAnswer(method: string, operation: Operation): string[] {
  const statuses = new Set(['400', '500']);
  if (!Array.isArray(operation.security) || operation.security.length > 0)
    for (const s of ['401', '403', '429', '503']) statuses.add(s);
  if (operation.parameters?.some((p) => p.in === 'path')) statuses.add('404');
  if (method !== 'get') for (const s of ['409', '413', '415', '422']) statuses.add(s);
  return [...statuses];
}

const errorResponses = createRulesetFunction<Operation, null>(
  { input: { type: 'object' }, options: null },
  (operation, _options, context) => {
    const method = String(context.path.at(-1));
    const responses = operation.responses ?? {};
    const missing = statusesItCanAnswer(method, operation).filter((s) => !(s in responses));
    return missing.map((status) => ({ message: `no ${status} response described` }));
  },
);

const erroBody = createRulesetFunction<Operation, null>(
  { input: { type: 'object' }, options: null },
  (operation, _options, context) =>
    Object.entries(operation.responses ?? {})
      .filter(([status]) => /^[45]/.test(status) || status === 'default')
      .filter(([, r]) => r.content?.['application/json']?.schema?.$ref !== '#/components/schemas/Erro')
      .map(([status]) => ({
        message: `the ${status} response does not carry the Erro schema`,
        path: [...context.path, 'responses', status],
      })),
);

const operations = '$.paths[*][get,put,post,delete,patch]';

/** `spectral:oas` (recommended rules) plus ours; every rule an error, so nothing passes as a warning. */
export const openApiRuleset: RulesetDefinition = {
  extends: [[oas as RulesetDefinition, 'recommended']],
  rules: {
    'svc-escopo': {
      description: 'Every operation names its scope in x-svc-escopo.',
      given: operations,
      severity: 'error',
      then: { field: 'x-svc-escopo', function: truthy },
    },
    'svc-error-responses': {
      description: 'Every operation describes an error response for each status it can answer.',
      given: operations,
      severity: 'error',
      then: { function: errorResponses },
    },
    'svc-erro-schema': {
      description: 'Every error response carries the Erro schema.',
      given: operations,
      severity: 'error',
      // Read before $ref resolution: the reference itself is what is checked.
      resolved: false,
      then: { function: erroBody },
    },
  },
};
