/**
 * One pattern for every card whose title is a link (regions, sub-regions, districts, parties,
 * candidates): the title link's ::after is stretched over the card, so the whole card is one
 * click target and one tab stop, announced by its title alone. Put `linkCardSurface` on the card
 * (it must be the nearest positioned ancestor of the link) and `stretchedLink` on the title link.
 * Anything else clickable inside the card (a toggle, a second link) goes above the overlay with
 * `aboveStretchedLink`.
 */
export const linkCardSurface = 'relative transition hover:border-green-600 hover:shadow dark:hover:border-green-500';

/** The title link: its overlay covers the card and carries the keyboard focus ring. */
export const stretchedLink =
  "after:absolute after:inset-0 after:rounded-lg after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-green-700 dark:focus-visible:after:outline-green-400";

export const aboveStretchedLink = 'relative z-10';
