/** jsdom has no matchMedia: a stand-in whose queries match when `matches(query)` says so. */
export const fakeMatchMedia =
  (matches: (query: string) => boolean = () => false): typeof window.matchMedia =>
  (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
