// Two purchases write models over one test database, standing for two processes (no HTTP, no
// idempotency layer in front), and the buying company of purchases-scene.ts.
import type { TestDatabase } from '@factory/testing';
import { createTestDatabase } from '@factory/testing';
import { beforeAll } from 'vitest';
import {
  createPurchasesWriteModel,
  type PurchasesWriteModel,
} from '../src/purchases/purchases-write-model.js';
import { type PurchasesWriteScene, startPurchasesWriteScene } from './purchases-scene.js';

export interface TwoPurchasesProcesses {
  readonly db: TestDatabase;
  readonly scene: PurchasesWriteScene;
  readonly one: PurchasesWriteModel;
  readonly two: PurchasesWriteModel;
  /** An order of 10 of the scene's supply item from its supplier, through `model`. */
  createOrder(
    model: PurchasesWriteModel,
    key?: string | null,
  ): ReturnType<PurchasesWriteModel['criarPedido']>;
}

/** Call inside a describe: ready from its tests on (a beforeAll builds it). */
export function twoPurchasesProcesses(): TwoPurchasesProcesses {
  let db: TestDatabase;
  let scene: PurchasesWriteScene;
  let one: PurchasesWriteModel;
  let two: PurchasesWriteModel;
  const calendar = { fuso: 'America/Sao_Paulo', horaVirada: '05:00' };
  beforeAll(async () => {
    db = await createTestDatabase({ poolSize: 12 });
    scene = await startPurchasesWriteScene(db);
    one = createPurchasesWriteModel({ pool: db.pool });
    two = createPurchasesWriteModel({ pool: db.pool });
  });
  return {
    get db() {
      return db;
    },
    get scene() {
      return scene;
    },
    get one() {
      return one;
    },
    get two() {
      return two;
    },
    createOrder: (model, key = null) =>
      model.criarPedido(scene.context(key), {
        fornecedor_id: scene.supplierId,
        local_id: scene.localId,
        itens: [{ insumo_id: scene.insumoId, quantidade: 10 }],
        calendar,
        podeVerCustos: true,
      }),
  };
}
