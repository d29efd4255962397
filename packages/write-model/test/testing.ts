// `@factory/write-model/testing`: what tests of this package and of other packages share. A
// test-only subpath: package.json gives it the 'source' condition only, and no build includes it.
export { defineSupplyItem, type SupplyItemDefinition } from './stock/define-supply-item.js';
