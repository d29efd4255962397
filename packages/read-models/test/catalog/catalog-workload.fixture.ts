// A random catalog under load, for the rebuild and incremental-reading tests: supply items
// moving in several locations, products with bills of supply items and of other products
// (semi-finished items and kits: product i only consumes products after it, so bills never
// form a cycle), bills redefined and removed, costs edited, suppliers edited.
import { randomInt } from 'node:crypto';
import type { CatalogWriter, LineSpec } from './catalog-writer.fixture.js';

export interface Workload {
  items: string[];
  products: string[];
  locations: string[];
}

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;
const money = () => `${randomInt(1, 5000)}.${randomInt(100)}`;

/** Creates the catalog: items (some with a reference cost), products, and a first bill for most. */
export async function seedCatalog(
  w: CatalogWriter,
  size: { items: number; products: number },
): Promise<Workload> {
  const locations = Array.from({ length: 3 }, (_, i) => `00000000-0000-4000-9000-00000000000${i}`);
  const items: string[] = [];
  for (let i = 0; i < size.items; i++)
    items.push(await w.insumo({ sku: `I${i}`, custo_referencia: randomInt(3) === 0 ? null : money() }));
  const products: string[] = [];
  for (let i = 0; i < size.products; i++)
    products.push(
      await w.produto({
        sku: `P${i}`,
        nome: `P${i}`,
        tipo: i % 4 === 0 ? 'kit' : 'produto',
        custo_manual: randomInt(2) ? money() : null,
      }),
    );
  const workload = { items, products, locations };
  for (let i = 0; i < size.products; i++) if (randomInt(5) > 0) await defineBill(w, workload, i);
  return workload;
}

/** A random bill for product i: supply items and products after it. */
export async function defineBill(w: CatalogWriter, { items, products }: Workload, i: number): Promise<void> {
  const lines: LineSpec[] = Array.from({ length: randomInt(1, 4) }, () =>
    i < products.length - 1 && randomInt(3) === 0
      ? { componente_id: products[randomInt(i + 1, products.length)]!, consumo: randomInt(1, 4) }
      : {
          insumo_id: pick(items),
          consumo: `${randomInt(1, 3000)}.${randomInt(1000)}`,
          perda_pct: `0.0${randomInt(10)}`,
        },
  );
  await w.ficha(products[i]!, lines);
}

/** One random operation; mostly stock movements, as in a factory. */
export async function randomStep(w: CatalogWriter, workload: Workload, jitterMs = 0): Promise<void> {
  const em =
    jitterMs > 0 ? new Date(Date.now() + randomInt(-jitterMs, jitterMs + 1)).toISOString() : undefined;
  const roll = randomInt(20);
  if (roll < 13) {
    const quantity = randomInt(5) === 0 ? -randomInt(1, 9) : randomInt(1, 20);
    await w.mover(pick(workload.items), pick(workload.locations), quantity, {
      custo_unitario: quantity > 0 && randomInt(4) > 0 ? money() : null,
      em,
    });
  } else if (roll < 15) {
    await defineBill(w, workload, randomInt(workload.products.length));
  } else if (roll < 16) {
    const i = randomInt(workload.products.length);
    await w.desativarFicha(workload.products[i]!, em).catch(() => defineBill(w, workload, i));
  } else if (roll < 18) {
    await w.produto(
      { sku: `P${randomInt(workload.products.length)}`, custo_manual: randomInt(4) ? money() : null },
      em,
    );
  } else {
    await w.insumo({ sku: `I${randomInt(workload.items.length)}`, custo_referencia: money() }, em);
  }
}
