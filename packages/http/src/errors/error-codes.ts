// The closed set of error codes of the specification, with their HTTP status and a default
// Portuguese message. Nothing else in the service invents a code.
export const ERROR_CODES = {
  parametro_invalido: { status: 400, mensagem: 'Parâmetro inválido.' },
  cursor_invalido: {
    status: 400,
    mensagem: 'Cursor inválido: envie exatamente o último proximo_cursor recebido.',
  },
  token_na_url: {
    status: 400,
    mensagem: 'O token não pode ser enviado na URL; use o cabeçalho Authorization.',
  },
  corpo_invalido: { status: 400, mensagem: 'Corpo da requisição inválido: envie um objeto JSON.' },
  token_ausente: { status: 401, mensagem: 'Token ausente: envie Authorization: Bearer <token>.' },
  token_invalido: { status: 401, mensagem: 'Token inválido.' },
  token_revogado: { status: 401, mensagem: 'Token revogado.' },
  token_vencido: { status: 401, mensagem: 'Token vencido.' },
  escopo_insuficiente: { status: 403, mensagem: 'O token não tem o escopo exigido por esta rota.' },
  empresa_suspensa: { status: 403, mensagem: 'Empresa suspensa.' },
  token_sem_dono: { status: 403, mensagem: 'O criador do token não é mais administrador da empresa.' },
  sem_permissao: { status: 403, mensagem: 'Sem permissão.' },
  nao_encontrado: { status: 404, mensagem: 'Registro não encontrado.' },
  rota_inexistente: { status: 404, mensagem: 'Rota inexistente.' },
  metodo_nao_permitido: { status: 405, mensagem: 'Método não permitido nesta rota.' },
  conflito: { status: 409, mensagem: 'Conflito.' },
  chave_idempotencia_reutilizada: {
    status: 409,
    mensagem: 'Idempotency-Key já usada com outro corpo.',
  },
  corpo_grande_demais: { status: 413, mensagem: 'Corpo acima de 256 KB.' },
  tipo_nao_suportado: { status: 415, mensagem: 'Envie Content-Type: application/json.' },
  validacao: { status: 422, mensagem: 'Campo inválido.' },
  limite_excedido: { status: 429, mensagem: 'Limite de chamadas por minuto excedido.' },
  erro_interno: { status: 500, mensagem: 'Erro interno. Tente de novo com espera exponencial.' },
  banco_indisponivel: { status: 503, mensagem: 'Banco de dados indisponível. Tente de novo em instantes.' },
} as const satisfies Record<string, { status: number; mensagem: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
