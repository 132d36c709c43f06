/**
 * An SMTP outage, told once when it starts and once when it ends (docs/operations.md, "Mail").
 * While the server is down every waiting mail fails at each attempt: one log line per mail and
 * attempt buried the one fact that mattered (120 lines in a minute) under its own repetition.
 */
export interface OutageLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

export class SmtpOutage {
  private since: Date | null = null;
  private failedAttempts = 0;
  private readonly mails = new Set<number>();

  constructor(
    private readonly log: OutageLog | undefined,
    private readonly now: () => Date,
  ) {}

  /** A send failed for a reason that may pass (the server down, a timeout). True once the outage has been told. */
  failed(mailId: number, error: unknown): boolean {
    this.failedAttempts += 1;
    this.mails.add(mailId);
    if (this.since !== null) return true;
    this.since = this.now();
    this.log?.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'SMTP server unavailable: mails wait and are retried; its end will be logged',
    );
    return this.log !== undefined;
  }

  /** A send went through: an outage under way is over. */
  succeeded(): void {
    if (this.since === null) return;
    const lastedSeconds = Math.round((this.now().getTime() - this.since.getTime()) / 100) / 10;
    this.log?.info(
      { lastedSeconds, failedAttempts: this.failedAttempts, mailsFailed: this.mails.size },
      'SMTP server available again: the mails that waited are leaving',
    );
    this.since = null;
    this.failedAttempts = 0;
    this.mails.clear();
  }
}
