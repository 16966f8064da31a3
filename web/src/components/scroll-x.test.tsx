import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { ScrollX } from './scroll-x';

/** happy-dom lays nothing out: give every element the widths a 390 px phone would measure. */
const layout = (client: number, scroll: number) => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
};

afterEach(() => vi.restoreAllMocks());

describe('ScrollX', () => {
  it('says columns are out of view, on the side they are, while they are', () => {
    layout(350, 760);
    renderWithApp(
      <ScrollX label="Funds">
        <table />
      </ScrollX>,
    );
    const region = screen.getByRole('group', { name: 'Funds' });
    const frame = region.parentElement as HTMLElement;
    expect(screen.getByText('Scroll sideways to see every column.')).toBeTruthy();
    expect(frame.hasAttribute('data-more-end')).toBe(true);
    expect(frame.hasAttribute('data-more-start')).toBe(false);

    region.scrollLeft = 410; // scrolled to the far end
    fireEvent.scroll(region);
    expect(frame.hasAttribute('data-more-start')).toBe(true);
    expect(frame.hasAttribute('data-more-end')).toBe(false);
  });

  it('shows no hint when everything fits', () => {
    layout(1200, 1200);
    renderWithApp(
      <ScrollX label="Funds">
        <table />
      </ScrollX>,
    );
    expect(screen.queryByText('Scroll sideways to see every column.')).toBeNull();
  });
});
