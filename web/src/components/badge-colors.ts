/**
 * Badge colours for states that warn, dark enough for small bold text on white (WCAG AA, 4.5:1).
 * Mantine's darkest orange (orange.9, #d9480f) reads 4.3:1 and its darkest yellow (yellow.9,
 * #e67700) 3.0:1, which axe flags on the 11 px badges; these keep the hue at 5.5:1 and more.
 */
/** Waiting on someone, needs attention (pending, documents requested, medium risk): 5.5:1. */
export const BADGE_WARNING = '#b34700';
/** A softer caution (low risk): amber, 6.3:1. */
export const BADGE_CAUTION = '#8a5300';
