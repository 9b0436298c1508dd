import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { notify } from './notify.js';
import { PHONE_SCREEN_QUERY, Toaster } from './Toaster.js';

/** A screen `width` px wide: matchMedia answers the phone query (and reduced motion: no). */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: query === PHONE_SCREEN_QUERY ? width < 640 : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

/** The positioned wrapper react-hot-toast puts around a toast. */
const placeOf = (text: string) => {
  let element: HTMLElement | null = screen.getByText(text);
  while (element && !element.style.top && !element.style.bottom) element = element.parentElement;
  return element!.style;
};

afterEach(() => {
  act(() => toast.remove());
});

describe('Toaster', () => {
  it('rises from the bottom on a phone (390 px), never over the page heading below the header', () => {
    screenWidth(390);
    const { container } = render(<Toaster />);
    act(() => {
      notify.success('Contact created successfully');
    });
    expect(placeOf('Contact created successfully').bottom).toBe('0px');
    expect((container.firstElementChild as HTMLElement | null)?.style.bottom ?? '').not.toBe('');
  });

  it('stays at the top centre, below the header, on a wide screen (1280 px)', () => {
    screenWidth(1280);
    render(<Toaster />);
    act(() => {
      notify.success('Contact created successfully');
    });
    expect(placeOf('Contact created successfully').top).toBe('0px');
  });
});
