// `@factory/tenants/testing`: the tenant fixture (a company, its user, token and locations, made
// through the product's own services) that tests of every package share. A test-only subpath:
// package.json gives it the 'source' condition only, and no build includes it.
export {
  createTenantFixture,
  randomCnpj,
  type TenantFixture,
  type TenantFixtureOptions,
} from './tenant-fixture.js';
