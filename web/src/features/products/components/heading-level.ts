import type { TitleOrder } from '@mantine/core';
import { createContext, useContext } from 'react';

/**
 * How many levels the product page's headings move down: 0 on the investor's page (the product name
 * is its h1), 1 inside the console's preview, where the console's own h1 comes first.
 */
export const HeadingOffsetContext = createContext(0);

export const useHeadingOrder = (order: number): TitleOrder =>
  Math.min(order + useContext(HeadingOffsetContext), 6) as TitleOrder;
