import { useEffect, useState, type RefObject } from 'react';

export interface HiddenSides {
  left: boolean;
  right: boolean;
}

/**
 * Which sides of a horizontally scrolled area hide content. `scrollLeft` as the browser reports it: from
 * 0 rightwards left to right, from 0 leftwards (negative) right to left.
 */
/** Pixels of overrun that hide nothing (padding, not a column). */
const SLACK = 8;

export function hiddenSides(
  scrollLeft: number,
  scrollWidth: number,
  clientWidth: number,
  rtl: boolean,
): HiddenSides {
  const max = scrollWidth - clientWidth;
  // the grid's columns can overrun its body by a few pixels of padding (its width for a scroll bar it
  // does not show): no column hides there, so no shade says one does
  if (max <= SLACK) return { left: false, right: false };
  const fromLeft = rtl ? max + scrollLeft : scrollLeft;
  return { left: fromLeft > SLACK, right: fromLeft < max - SLACK };
}

const SHADE = 'rgba(0, 0, 0, 0.2)';
const WIDTH = 24;

/**
 * A shade at each side of a table's columns where more columns lie beyond it: a wide table (the alert
 * centre, the refills, the vehicles) says it goes on even where the browser shows no scroll bar (a phone,
 * a Mac). Follows `selector` inside `container` (the grid's scrolled body) as it scrolls and resizes; the
 * container is the shades' positioned parent.
 */
export function ScrollEdges({
  container,
  selector,
  rtl,
}: {
  container: RefObject<HTMLElement | null>;
  selector: string;
  rtl: boolean;
}) {
  const [edges, setEdges] = useState<HiddenSides & { top: number; height: number }>({
    left: false,
    right: false,
    top: 0,
    height: 0,
  });
  useEffect(() => {
    const box = container.current;
    if (!box) return;
    let scroller: HTMLElement | null = null;
    const measure = () => {
      if (!scroller) return;
      const sides = hiddenSides(scroller.scrollLeft, scroller.scrollWidth, scroller.clientWidth, rtl);
      const top = Math.round(scroller.getBoundingClientRect().top - box.getBoundingClientRect().top);
      const height = scroller.clientHeight;
      setEdges((now) =>
        now.left === sides.left && now.right === sides.right && now.top === top && now.height === height
          ? now
          : { ...sides, top, height },
      );
    };
    // (a browser without it measures on scrolling only)
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    // the grid makes its scrolled body after its first render: watch for it
    const attach = () => {
      if (scroller) return;
      scroller = box.querySelector<HTMLElement>(selector);
      if (!scroller) return;
      scroller.addEventListener('scroll', measure, { passive: true });
      resized?.observe(scroller);
      if (scroller.firstElementChild) resized?.observe(scroller.firstElementChild);
      measure();
    };
    // until then: once found, it stays for the grid's life
    const changed = new MutationObserver(() => {
      attach();
      if (scroller) changed.disconnect();
    });
    attach();
    if (!scroller) changed.observe(box, { childList: true, subtree: true });
    return () => {
      changed.disconnect();
      resized?.disconnect();
      scroller?.removeEventListener('scroll', measure);
    };
  }, [container, selector, rtl]);

  // Inline styles: the right-to-left style cache must not mirror sides that are already physical here.
  const shade = (side: 'left' | 'right') => (
    <div
      aria-hidden
      data-testid={`scroll-edge-${side}`}
      style={{
        position: 'absolute',
        top: edges.top,
        height: edges.height,
        [side]: 0,
        width: WIDTH,
        pointerEvents: 'none',
        background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${SHADE}, transparent)`,
        zIndex: 2,
      }}
    />
  );
  return (
    <>
      {edges.left && shade('left')}
      {edges.right && shade('right')}
    </>
  );
}
