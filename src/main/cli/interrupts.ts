import { constants } from 'node:os';

export type InterruptListener = (signal: NodeJS.Signals, count: number) => void;

/**
 * Ctrl+C (SIGINT) and `kill` (SIGTERM) as the integrator commands see them. The first signal
 * asks a command to stop cleanly: read no more of the file, wait for the answers to what was
 * sent, abandon its sync session, print what was done. A second one asks it to stop at once.
 * Signals are kept, so a command that starts listening late still learns of an early one.
 */
export class Interrupts {
  private readonly listeners = new Set<InterruptListener>();
  private readonly received: NodeJS.Signals[] = [];

  /** The first signal received, if any. */
  get signal(): NodeJS.Signals | null {
    return this.received[0] ?? null;
  }

  on(listener: InterruptListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  raise(signal: NodeJS.Signals) {
    this.received.push(signal);
    for (const listener of [...this.listeners]) listener(signal, this.received.length);
  }

  /** This process's SIGINT and SIGTERM; handling them replaces Node's default of exiting at once. */
  static ofProcess(): Interrupts {
    const interrupts = new Interrupts();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => interrupts.raise(signal));
    return interrupts;
  }
}

/** The shell's convention for a command ended by a signal: 130 after SIGINT, 143 after SIGTERM. */
export const signalExitCode = (signal: NodeJS.Signals) => 128 + constants.signals[signal];

/** How to send the signal again, in the words of whoever sent it. */
export const again = (signal: NodeJS.Signals) => (signal === 'SIGINT' ? 'Ctrl+C again' : `a second ${signal}`);
