import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { hiddenSides, ScrollEdges } from './ScrollEdges';

describe('scroll edges', () => {
  it('tell which sides hide columns, left to right and right to left', () => {
    // 1,000 px of columns in a 600 px view
    expect(hiddenSides(0, 1000, 600, false)).toEqual({ left: false, right: true });
    expect(hiddenSides(200, 1000, 600, false)).toEqual({ left: true, right: true });
    expect(hiddenSides(400, 1000, 600, false)).toEqual({ left: true, right: false });
    // right to left: the start is at the right, scrolling goes negative towards the left
    expect(hiddenSides(0, 1000, 600, true)).toEqual({ left: true, right: false });
    expect(hiddenSides(-400, 1000, 600, true)).toEqual({ left: false, right: true });
    // everything fits
    expect(hiddenSides(0, 600, 600, false)).toEqual({ left: false, right: false });
    // a few pixels of overrun (the grid's padding for a scroll bar it does not show) hide no column
    expect(hiddenSides(0, 1411, 1406, false)).toEqual({ left: false, right: false });
    expect(hiddenSides(0, 1411, 1406, true)).toEqual({ left: false, right: false });
  });

  it('shade the side with more columns, and follow the scrolling', () => {
    function Table() {
      const box = useRef<HTMLDivElement>(null);
      return (
        <div ref={box}>
          <ScrollEdges container={box} selector=".scroller" rtl={false} />
          <div className="scroller" data-testid="scroller">
            <div />
          </div>
        </div>
      );
    }
    render(<Table />);
    const scroller = screen.getByTestId('scroller');
    // jsdom lays nothing out: the sizes a browser would give
    Object.defineProperty(scroller, 'scrollWidth', { value: 1000 });
    Object.defineProperty(scroller, 'clientWidth', { value: 600 });
    act(() => scroller.dispatchEvent(new Event('scroll')));
    expect(screen.queryByTestId('scroll-edge-right')).not.toBeNull();
    expect(screen.queryByTestId('scroll-edge-left')).toBeNull();
    act(() => {
      scroller.scrollLeft = 400;
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByTestId('scroll-edge-right')).toBeNull();
    expect(screen.queryByTestId('scroll-edge-left')).not.toBeNull();
  });
});
