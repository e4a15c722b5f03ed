import {
  cloneElement,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';

// Our own small tooltip (issue 46): the positioning library behind Radix's tooltip weighed
// 16 KB compressed on every screen, the first one after sign-in among them, for a line of
// text under a button. Same behaviour: 700 ms on hover, at once on focus or when another
// tooltip closed less than 300 ms ago, never on touch, closed by Escape, a press or leaving.
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;
const GAP = 4;
const MARGIN = 8;
let lastClosedAt = 0;
const markClosed = () => {
  lastClosedAt = Date.now();
};
const hoverDelay = () => (Date.now() - lastClosedAt < SKIP_DELAY_MS ? 0 : DELAY_MS);

type TriggerProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

/** Under the control, or above it near the bottom of the screen; kept inside the screen's width. */
function place(anchor: DOMRect, tip: DOMRect) {
  const below = anchor.bottom + GAP + tip.height <= window.innerHeight - MARGIN;
  const top = below ? anchor.bottom + GAP : anchor.top - GAP - tip.height;
  const centred = anchor.left + anchor.width / 2 - tip.width / 2;
  const left = Math.min(Math.max(MARGIN, centred), window.innerWidth - MARGIN - tip.width);
  return { top, left };
}

/**
 * A tooltip on an icon-only control (button or link) showing its accessible name on hover and
 * keyboard focus; the child keeps its own aria-label (the tooltip only describes it).
 */
export function Tip({ label, children }: { label: string; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tipRef = useRef<HTMLDivElement>(null);
  const own = children.props;

  const shown = useRef(false);
  const close = () => {
    clearTimeout(timer.current);
    if (shown.current) markClosed();
    shown.current = false;
    setAnchor(null);
    setPosition(null);
  };
  const open = (el: HTMLElement, delay: number) => {
    clearTimeout(timer.current);
    const show = () => {
      shown.current = true;
      setAnchor(el);
    };
    if (delay <= 0) show();
    else timer.current = setTimeout(show, delay);
  };

  useLayoutEffect(() => {
    if (anchor && tipRef.current) setPosition(place(anchor.getBoundingClientRect(), tipRef.current.getBoundingClientRect()));
  }, [anchor]);

  useEffect(() => {
    if (!anchor) return;
    // A scroll moves the control away from its tooltip: close, as Radix did.
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('scroll', close, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('scroll', close, true);
    };
  }, [anchor]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const trigger = cloneElement(children, {
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      if (e.pointerType === 'touch') return;
      open(e.currentTarget, hoverDelay());
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e);
      close();
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      close();
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      // Keyboard focus only: a tap or a click also focuses, and must not leave a tooltip behind.
      if (e.currentTarget.matches(':focus-visible')) open(e.currentTarget, 0);
    },
    onBlur: (e) => {
      own.onBlur?.(e);
      close();
    },
    'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'],
  });

  return (
    <>
      {trigger}
      {anchor &&
        createPortal(
          <div
            ref={tipRef}
            id={id}
            role="tooltip"
            lang="fr"
            style={position ?? { top: 0, left: 0, visibility: 'hidden' }}
            className="pointer-events-none fixed z-[110] max-w-[calc(100vw-1rem)] rounded bg-gray-900 px-2 py-1 text-xs text-white shadow"
          >
            {label}
          </div>,
          document.body,
        )}
    </>
  );
}
