/** The shape a translation must have: the English resources with every leaf widened to string. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
