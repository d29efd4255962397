-- Companies, their users, stock locations, units and API tokens.
CREATE TABLE empresas (
  id            uuid PRIMARY KEY,
  nome          text NOT NULL,
  cnpj          text NOT NULL CHECK (cnpj ~ '^[0-9]{14}$'),
  fuso          text NOT NULL,
  hora_virada   text NOT NULL CHECK (hora_virada ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  sku_prefixo   text NOT NULL,
  suspensa      boolean NOT NULL DEFAULT false,
  criado_em     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE usuarios (
  id          uuid PRIMARY KEY,
  empresa_id  uuid NOT NULL REFERENCES empresas(id),
  nome        text NOT NULL,
  admin       boolean NOT NULL DEFAULT false,
  criado_em   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usuarios_empresa ON usuarios (empresa_id);

CREATE TABLE locais (
  id          uuid PRIMARY KEY,
  empresa_id  uuid NOT NULL REFERENCES empresas(id),
  nome        text NOT NULL,
  tipo        text NOT NULL CHECK (tipo IN ('fabrica', 'terceiro', 'deposito')),
  ativo       boolean NOT NULL DEFAULT true,
  criado_em   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX locais_empresa_nome ON locais (empresa_id, nome, id);

CREATE TABLE unidades (
  empresa_id  uuid NOT NULL REFERENCES empresas(id),
  codigo      text NOT NULL,
  PRIMARY KEY (empresa_id, codigo)
);

CREATE TABLE tokens (
  id              uuid PRIMARY KEY,
  empresa_id      uuid NOT NULL REFERENCES empresas(id),
  criador_id      uuid NOT NULL REFERENCES usuarios(id),
  nome            text NOT NULL,
  prefixo         text NOT NULL,
  hash_sha256     bytea NOT NULL UNIQUE,  -- the token itself is never stored
  escopos         text[] NOT NULL,
  criado_em       timestamptz NOT NULL DEFAULT now(),
  ultimo_uso_em   timestamptz,
  expira_em       timestamptz,
  revogado_em     timestamptz
);
CREATE INDEX tokens_empresa ON tokens (empresa_id);

-- Tells every API instance at once that cached token state is stale (pg-listen).
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
CREATE TRIGGER empresas_auth_changed AFTER UPDATE OF suspensa ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER usuarios_auth_changed AFTER UPDATE OF admin ON usuarios
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER tokens_auth_changed AFTER UPDATE OF revogado_em, expira_em ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
