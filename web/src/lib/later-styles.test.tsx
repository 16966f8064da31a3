import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

// The later sheet as a module the test controls (it counts its loads; the second test makes it fail).
const sheet = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./mantine-styles-later', () => {
  sheet.loads++;
  return {};
});

describe('later styles', () => {
  it('renders a lazily loaded component only once its code and the later sheet are both in', async () => {
    const { lazyStyled } = await import('./later-styles');
    let release: (module: { default: () => React.JSX.Element }) => void = () => undefined;
    const code = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      release = resolve;
    });
    const Page = lazyStyled(() => code);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    release({ default: () => <p>page</p> });
    expect(await screen.findByText('page')).toBeTruthy();
    expect(sheet.loads).toBe(1);
  });

  it('asks for the sheet again after a failed load, so a retried page can still get it', async () => {
    vi.resetModules();
    vi.doMock('./mantine-styles-later', () => {
      throw new Error('offline');
    });
    const { loadLaterStyles } = await import('./later-styles');
    await expect(loadLaterStyles()).rejects.toThrow(/offline|mock/);
    vi.doMock('./mantine-styles-later', () => ({ loaded: true }));
    await expect(loadLaterStyles()).resolves.toMatchObject({ loaded: true });
  });
});
