-- The company's tax profile (compras.md): it decides which taxes of a received invoice are
-- recovered, and so its entry cost.
ALTER TABLE empresas
  ADD COLUMN regime_tributario text NOT NULL DEFAULT 'simples'
    CHECK (regime_tributario IN ('simples', 'presumido', 'real')),
  ADD COLUMN contribuinte_ipi boolean NOT NULL DEFAULT false;

-- GET /v1/eu answers the profile from the cached token record: a change must drop the caches
-- of every API instance, as suspension does (migration 0001).
CREATE TRIGGER empresas_tax_profile_changed AFTER UPDATE OF regime_tributario, contribuinte_ipi ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
