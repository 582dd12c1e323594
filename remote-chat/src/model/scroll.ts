// Scroll rules of the chat's lists (pure).

/** The scrolled box's numbers (an element's scrollHeight, scrollTop and clientHeight). */
export interface ScrollBox {
  scrollHeight: number;
  scrollTop: number;
  clientHeight: number;
}

/** How far the box's visible bottom is from the end of its content (px; 0 at the very bottom). */
export const distanceFromBottom = (b: ScrollBox): number => b.scrollHeight - b.scrollTop - b.clientHeight;

/** The box is scrolled to within `px` of its bottom (the history panel loads more at 100 px). */
export const nearBottom = (b: ScrollBox, px: number): boolean => distanceFromBottom(b) <= px;
