/** A line as the body sends it; values are checked by the decider. */
export type ItemDoPlanoInput = { produto_id: unknown; quantidade: unknown; local_id: unknown };

/** Facts from outside the plan's stream, resolved by the caller just before deciding. */
export type PlanoContext = {
  /** Among the lines' products: the company's non-deleted products with an active bill. */
  products: ReadonlySet<string>;
  /** Among the lines' locations: the company's active ones. */
  locations: ReadonlySet<string>;
};

/** Replaces the plan of `dia` (a valid date, checked by the caller). */
export type SubstituirPlano = {
  type: 'SubstituirPlano';
  data: { dia: string; itens: readonly ItemDoPlanoInput[]; agora: string };
  context: PlanoContext;
};
