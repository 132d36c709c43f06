/**
 * The token of an `Authorization: Bearer <token>` header (scheme in any case), or null when
 * the header is missing or has another form. Shared by API keys, ADMIN_TOKEN and RELAY_TOKEN.
 */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
