/** The address to print for a server listening on `host`: a wildcard is reached on loopback. */
export function baseUrl(host: string, port: string): string {
  if (host === '0.0.0.0' || host === '::') return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
