import { Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './scroll-x.module.css';

interface Overflow {
  start: boolean;
  end: boolean;
}

/** Which sides of `el` have content scrolled out of view (1 px slack for sub-pixel widths). */
const overflowOf = (el: HTMLElement): Overflow => ({
  start: el.scrollLeft > 1,
  end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
});

/**
 * Wide content (tables) scrolls sideways inside the page on small screens instead of overflowing it.
 * Focusable and named, so keyboard users can scroll it too. When columns are out of view, a shadow on
 * that edge and a short hint say so: a phone shows no scrollbar until one scrolls.
 */
export const ScrollX = ({ label, children }: { label: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const next = overflowOf(el);
    setOverflow((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);

  useEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <div>
      {(overflow.start || overflow.end) && (
        <Text size="xs" c="dimmed" mb={4}>
          {t('dataTable.scrollHint')}
        </Text>
      )}
      <div
        className={classes.frame}
        data-more-start={overflow.start || undefined}
        data-more-end={overflow.end || undefined}
      >
        {/* A named group, not a landmark: it sits inside a section of the same name (a fund page's
            "Share classes"), and two landmarks named alike cannot be told apart (axe landmark-unique). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a table */}
        <div ref={ref} role="group" aria-label={label} tabIndex={0} className={classes.region} onScroll={measure}>
          {children}
        </div>
      </div>
    </div>
  );
};
