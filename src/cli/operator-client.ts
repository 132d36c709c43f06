/** A thin client of the operator API (DECISIONS §10), used by the CLI. */
export class OperatorError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

export interface KeyView {
  keyId: string;
  name: string;
  env: string;
  display: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export class OperatorClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/admin/api${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) {
      const detail = (data as { detail?: string } | null)?.detail ?? response.statusText;
      throw new OperatorError(response.status, data, detail);
    }
    return data as T;
  }

  createAgency(input: { name: string; plan: string; email?: string; siren?: string; verified?: boolean }) {
    return this.call<{ agencyId: string; keys: { test: string; live: string | null } }>('POST', '/agencies', input);
  }

  verifyAgency(agencyId: string) {
    return this.call<{ agencyId: string; verified: boolean; liveKey: string | null; keyId: string | null }>(
      'POST',
      `/agencies/${encodeURIComponent(agencyId)}/verify`,
    );
  }

  setPlan(agencyId: string, plan: string) {
    return this.call<{ agencyId: string; plan: string }>('PATCH', `/agencies/${encodeURIComponent(agencyId)}`, { plan });
  }

  createKey(agencyId: string, input: { env: string; name?: string; scopes?: string[] }) {
    return this.call<KeyView & { key: string }>('POST', `/agencies/${encodeURIComponent(agencyId)}/keys`, input);
  }

  listKeys(agencyId: string) {
    return this.call<{ keys: KeyView[] }>('GET', `/agencies/${encodeURIComponent(agencyId)}/keys`);
  }

  revokeKey(keyId: string) {
    return this.call<KeyView & { revoked: boolean }>('DELETE', `/keys/${encodeURIComponent(keyId)}`);
  }
}
