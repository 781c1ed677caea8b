/** The "add the whole look" button's styles (cart.ts draws it): part of the element's stylesheet from the start. */
import { css } from 'lit';

export const cartStyles = css`
  /* top centre, over the description's panel (bottom start, while focus is in it): the corners hold
     the floor switcher, the full-screen button and the element's other buttons (2rem wide, 0.5rem in),
     so it stays 3rem clear of either side. Centred with logical insets and auto margins, which centre
     alike in a right-to-left page (a translate of -50% from inset-inline-start did not: in rtl it put
     the button over the full-screen and zoom-in buttons). */
  [part~='add-look'] {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline: 3rem;
    margin-inline: auto;
    inline-size: fit-content;
    max-inline-size: calc(100% - 6rem);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    z-index: 3;
    padding: 0.25rem 0.55rem;
    font-size: 0.9rem;
  }
  [part~='add-look']:focus-visible {
    outline: 2px solid #2563eb;
    outline-offset: 1px;
  }
  @media print {
    [part~='add-look'] {
      display: none;
    }
  }
`;
