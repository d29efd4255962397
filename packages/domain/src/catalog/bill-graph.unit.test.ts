import { describe, expect, it } from 'vitest';
import { dependentsOf, reaches } from './bill-graph.js';

const graph = new Map([
  ['kit', ['camiseta', 'embalagem']],
  ['camiseta', ['tecido', 'gola']],
  ['gola', ['tecido', 'linha']],
  ['avental', ['linha']],
]);

describe('the active bills graph', () => {
  it('finds every product depending on a changed item, at any depth', () => {
    expect(dependentsOf(graph, ['linha'])).toEqual(new Set(['gola', 'camiseta', 'kit', 'avental']));
    expect(dependentsOf(graph, ['camiseta'])).toEqual(new Set(['kit']));
    expect(dependentsOf(graph, ['tecido', 'embalagem'])).toEqual(new Set(['gola', 'camiseta', 'kit']));
    expect(dependentsOf(graph, ['kit'])).toEqual(new Set());
    expect(dependentsOf(graph, [])).toEqual(new Set());
  });

  it('tells whether one product reaches another through its components', () => {
    expect(reaches(graph, 'kit', 'linha')).toBe(true);
    expect(reaches(graph, 'kit', 'kit')).toBe(true);
    expect(reaches(graph, 'gola', 'kit')).toBe(false);
    expect(reaches(graph, 'desconhecido', 'kit')).toBe(false);
  });
});
