import './figure.css';

/**
 * The class of every figure a card or table shows (figure.css: one line, tabular digits).
 * Import it from here, so the stylesheet comes with it (widgets collect the CSS a screen's
 * modules import).
 */
export const FIGURE = 'ic-figure';

/** A large figure in a measured box (figure.css): its size follows the box down. */
export const FIT_FIGURE = 'ic-figure ic-figure--fit';

/** The box a FIT_FIGURE measures. */
export const FIGURE_BOX = 'ic-figure-box';
