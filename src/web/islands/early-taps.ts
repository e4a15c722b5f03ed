// What start-islands.ts holds for the islands runtime (boot.ts): a tap on an island's button or a
// form sent before the runtime has come. Types only: the start script imports no code.

export interface EarlyTap {
  /** The button tapped, or the form sent. */
  target: Element;
  /** The button that sent the form, if any. */
  submitter?: HTMLElement | null;
}

export interface EarlyTaps {
  /** Set by the runtime once it has taken over: the start script then holds nothing more. */
  closed: boolean;
  taps: EarlyTap[];
}

declare global {
  interface Window {
    gymEarlyTaps?: EarlyTaps;
  }
}
