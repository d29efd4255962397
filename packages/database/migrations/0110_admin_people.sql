-- The administrators' settings page (admin.md): e-mail and password of users, one-time
-- invitations, sign-in lock-out per e-mail, server-side sessions, and who revoked a token.
ALTER TABLE usuarios ADD COLUMN email text, ADD COLUMN senha_hash text;
-- Unique regardless of case: sign-in finds the user by e-mail alone, across companies.
CREATE UNIQUE INDEX usuarios_email ON usuarios (lower(email));

-- Null when revoked by an operator (CLI) rather than on the page.
ALTER TABLE tokens ADD COLUMN revogado_por uuid REFERENCES usuarios(id);

-- Only the SHA-256 of a code is stored: the link is the secret.
CREATE TABLE convites (
  codigo_hash  bytea PRIMARY KEY,
  usuario_id   uuid NOT NULL REFERENCES usuarios(id),
  criado_em    timestamptz NOT NULL,
  expira_em    timestamptz NOT NULL,
  usado_em     timestamptz
);
CREATE INDEX convites_usuario ON convites (usuario_id);

-- Failed sign-ins per e-mail (lower case), whether or not a user has that e-mail.
CREATE TABLE admin_bloqueios (
  email              text PRIMARY KEY,
  falhas             integer NOT NULL,
  primeira_falha_em  timestamptz NOT NULL,
  bloqueado_ate      timestamptz
);

-- A session is named by the SHA-256 of its cookie's value. `token_novo` holds a token just
-- created, encrypted with a key only the cookie gives, until the page shows it once.
CREATE TABLE admin_sessoes (
  id_hash           bytea PRIMARY KEY,
  usuario_id        uuid NOT NULL REFERENCES usuarios(id),
  criada_em         timestamptz NOT NULL,
  ultimo_acesso_em  timestamptz NOT NULL,
  token_novo        bytea
);
CREATE INDEX admin_sessoes_usuario ON admin_sessoes (usuario_id);
