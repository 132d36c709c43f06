/** A thin client of the operator API (docs/decisions.md §10), used by the CLI. */
export class OperatorError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** The server could not be reached at all: the message names the URL and the network cause. */
export class UnreachableServer extends Error {
  constructor(baseUrl: string, error: unknown) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    super(
      `Cannot reach the listing-sync server at ${baseUrl} (${reason}). Is it running? LISTING_SYNC_URL says where it is (default http://127.0.0.1:8080).`,
    );
  }
}

export interface AgencyView {
  agencyId: string;
  name: string;
  email: string | null;
  siren: string | null;
  plan: string;
  verified: boolean;
  verifiedAt: string | null;
  createdAt: string;
  verificationRefusalReason: string | null;
  suspendedAt: string | null;
  suspensionReason: string | null;
}

export interface OperatorView {
  operatorId: string;
  email: string;
  createdAt: string;
  disabledAt: string | null;
}

export interface VerificationView {
  agency: AgencyView;
  deadline: string;
  secondsLeft: number;
  overdue: boolean;
  siren: 'valid' | 'invalid' | 'missing';
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

export interface QueuedView {
  serviceId: string;
  agencyName: string;
  externalId: string;
  version: number;
  submittedAt: string;
  waitingSeconds: number;
  reasons: Array<{ code: string; message: string }>;
  flagged: { title: string; price: number; city: string };
  approved: { version: number } | null;
}

export class OperatorClient {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.url.replace(/\/+$/, '')}/admin/api${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      throw new UnreachableServer(this.url, error);
    }
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      throw new OperatorError(
        response.status,
        text,
        `${url} answered ${response.status} with something other than JSON: is LISTING_SYNC_URL a listing-sync server?`,
      );
    }
    if (!response.ok) {
      const detail = (data as { detail?: string } | null)?.detail ?? response.statusText;
      throw new OperatorError(response.status, data, detail);
    }
    return data as T;
  }

  listAgencies(name?: string) {
    return this.call<{ agencies: AgencyView[] }>('GET', `/agencies${name ? `?name=${encodeURIComponent(name)}` : ''}`);
  }

  getAgency(agencyId: string) {
    return this.call<AgencyView>('GET', `/agencies/${encodeURIComponent(agencyId)}`);
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

  moderationQueue(limit?: number) {
    return this.call<{ total: number; items: QueuedView[]; next: string | null }>(
      'GET',
      `/moderation/queue${limit ? `?limit=${limit}` : ''}`,
    );
  }

  decide(serviceId: string, body: { decision: 'approve' | 'reject'; reason?: string; version?: number }) {
    return this.call<{ serviceId: string; version: number; status: string; moderation: { state: string } }>(
      'POST',
      `/listings/${encodeURIComponent(serviceId)}/moderation`,
      body,
    );
  }

  revokeKey(keyId: string) {
    return this.call<KeyView & { revoked: boolean }>('DELETE', `/keys/${encodeURIComponent(keyId)}`);
  }

  verifications(limit?: number) {
    return this.call<{ total: number; overdue: number; items: VerificationView[] }>(
      'GET',
      `/verifications${limit ? `?limit=${limit}` : ''}`,
    );
  }

  refuseVerification(agencyId: string, reason: string) {
    return this.call<AgencyView>('POST', `/agencies/${encodeURIComponent(agencyId)}/refuse-verification`, { reason });
  }

  suspend(agencyId: string, reason: string) {
    return this.call<AgencyView>('POST', `/agencies/${encodeURIComponent(agencyId)}/suspend`, { reason });
  }

  reinstate(agencyId: string) {
    return this.call<AgencyView>('POST', `/agencies/${encodeURIComponent(agencyId)}/reinstate`);
  }

  createOperator(email: string, password: string) {
    return this.call<OperatorView>('POST', '/operators', { email, password });
  }

  listOperators() {
    return this.call<{ operators: OperatorView[] }>('GET', '/operators');
  }

  disableOperator(operator: string) {
    return this.call<OperatorView>('POST', `/operators/${encodeURIComponent(operator)}/disable`);
  }

  resetFactors(kind: 'operators' | 'users', account: string, reason: string) {
    return this.call<{ scope: string; accountId: string; email: string; factorsRemoved: number }>(
      'POST',
      `/${kind}/${encodeURIComponent(account)}/reset-factors`,
      { reason },
    );
  }
}
